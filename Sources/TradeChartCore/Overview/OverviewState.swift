/// The overview of many files (SPEC §12): one row a file with its sparkline of the
/// range, last close, change and last date; the range shown for every row, the order,
/// the filter, the selection and the marked rows. The update (`handle`) takes events
/// with their time; the view (`frame(at:)`) draws it; nothing here reads a clock or a file.
public struct OverviewState: Sendable {
    /// What the folder or the command line named: the title.
    public var title: String
    public private(set) var entries: [OverviewEntry]
    public private(set) var range: ChartRange
    public private(set) var order: OverviewOrder = .name
    /// The name filter (`/`): rows whose name holds it, letters' case ignored.
    public private(set) var filter = ""
    /// Whether keys type into the filter.
    public private(set) var typingFilter = false
    /// The selected entry (an index of `entries`), nil when no row is shown.
    public private(set) var selected: Int?
    /// The entries marked with Space, to be opened together.
    public private(set) var marked: Set<Int> = []
    /// The first row shown (rows scroll to keep the selection in view).
    private(set) var scrollTop = 0
    public private(set) var columns: Int
    public private(set) var rows: Int
    public var options: ViewerOptions
    /// The line under the rows: what the last key did, or why it did nothing.
    public private(set) var status: String?
    /// The range the sparklines come from while they morph, and when that began.
    private(set) var rangeMorph: (from: ChartRange, start: Double)?
    /// Counts changes, so a host draws only after one.
    public private(set) var revision = 0

    public init(title: String, entries: [OverviewEntry], range: ChartRange = .oneYear, order: OverviewOrder = .name,
                filter: String = "", options: ViewerOptions = .init(), columns: Int, rows: Int, selecting: Bool = true) {
        self.title = TextSanitizer.clean(title)
        self.entries = entries
        self.range = range
        self.order = order
        self.filter = filter
        self.options = options
        self.columns = columns
        self.rows = rows
        // A printed overview has no selection to show.
        selected = selecting ? visible.first : nil
    }

    // MARK: What is shown

    /// The entries shown, in order: those the filter lets through.
    public var visible: [Int] {
        let wanted = filter.lowercased()
        let shown = entries.indices.filter { wanted.isEmpty || entries[$0].name.lowercased().contains(wanted) }
        switch order {
        case .folder:
            return shown.sorted { entries[$0].position < entries[$1].position }
        case .name:
            return shown.sorted { (entries[$0].name.lowercased(), entries[$0].position) < (entries[$1].name.lowercased(), entries[$1].position) }
        case .change:
            let changes = Dictionary(uniqueKeysWithValues: shown.map { ($0, facts(of: $0)?.changePercent) })
            return shown.sorted { a, b in
                switch (changes[a]!, changes[b]!) {
                case let (x?, y?): return x != y ? x > y : entries[a].position < entries[b].position
                case (.some, .none): return true
                case (.none, .some): return false
                case (.none, .none): return entries[a].position < entries[b].position
                }
            }
        case .lastDate:
            return shown.sorted { a, b in
                let x = entries[a].series.map { $0.times[$0.count - 1] } ?? .min
                let y = entries[b].series.map { $0.times[$0.count - 1] } ?? .min
                return x != y ? x > y : entries[a].position < entries[b].position
            }
        }
    }

    /// The facts of entry `k` for the range shown, nil when it has no chart for it.
    func facts(of k: Int, range: ChartRange? = nil) -> OverviewRowFacts? {
        entries[k].series.flatMap { OverviewRowFacts($0, range: range ?? self.range) }
    }

    /// Whether any file can show `range`.
    func canShow(_ range: ChartRange) -> Bool {
        entries.contains { $0.series.map { $0.slice(range).slice != nil } ?? false }
    }

    /// The screen rows that hold file rows: below the title and the column names, above
    /// the status line and the range bar.
    var rowArea: Range<Int> { 2..<max(2, rows - 2) }

    /// Screen rows a file takes: two (a taller sparkline) when every row shown fits so, else one.
    func rowHeight(_ count: Int) -> Int { count > 0 && rowArea.count >= 2 * count ? 2 : 1 }

    /// How many files fit on the screen at once.
    func rowsShown(_ count: Int) -> Int { rowArea.count / rowHeight(count) }

    /// Whether the screen is too small to list anything.
    public var isTooSmall: Bool { columns < 40 || rows < 6 }

    /// Whether something moves at `time`: the host draws frames at its pace meanwhile.
    public func isAnimating(at time: Double) -> Bool {
        guard let rangeMorph else { return false }
        return time < rangeMorph.start + options.morphDuration
    }

    /// The entries that Enter opens: the marked ones in the order shown, else the selected one.
    var toOpen: [Int] {
        let order = visible.filter { marked.contains($0) && entries[$0].series != nil }
        if !order.isEmpty { return order }
        return selected.flatMap { entries[$0].series != nil ? [$0] : nil } ?? []
    }

    // MARK: Changing it

    /// Takes a file that finished loading.
    public mutating func set(_ content: OverviewEntry.Content, ofEntry k: Int) {
        guard entries.indices.contains(k) else { return }
        entries[k].set(content)
        revision += 1
        if selected == nil { selected = visible.first }
    }

    /// Lists a file that appeared in the folder (still to be read).
    mutating func add(_ path: String) {
        entries.append(OverviewEntry(path: path, position: entries.count))
        if selected == nil { selected = visible.first }
        keepSelectionInView()
    }

    mutating func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        keepSelectionInView()
    }

    mutating func say(_ text: String?) { status = text }

    mutating func changed() { revision += 1 }

    /// Shows `range` for every row, the sparklines morphing from the one shown.
    mutating func show(_ range: ChartRange, at time: Double) {
        guard range != self.range else { return }
        guard canShow(range) else {
            status = "No file has prices for \(range.label)"
            return
        }
        rangeMorph = options.morphDuration > 0 ? (self.range, time) : nil
        self.range = range
        status = nil
        if order == .change { keepSelectionInView() }
    }

    /// Drops a finished morph.
    mutating func settle(at time: Double) {
        if let rangeMorph, time >= rangeMorph.start + options.morphDuration { self.rangeMorph = nil }
    }

    mutating func cycleOrder() {
        order = order.next
        status = "Order: \(order.rawValue) (o: the next)"
        keepSelectionInView()
    }

    /// Moves the selection by `step` rows of those shown (clamped), or to an end.
    mutating func moveSelection(by step: Int) {
        let shown = visible
        guard !shown.isEmpty else { selected = nil; return }
        let at = selected.flatMap { shown.firstIndex(of: $0) } ?? 0
        selected = shown[min(max(at + step, 0), shown.count - 1)]
        keepSelectionInView(shown)
    }

    mutating func select(entry k: Int) {
        selected = k
        keepSelectionInView()
    }

    mutating func toggleMark() {
        guard let k = selected else { return }
        guard entries[k].series != nil else {
            status = "\(entries[k].name) has no chart to compare: \(entries[k].problem ?? "still loading")"
            return
        }
        if marked.contains(k) { marked.remove(k) } else { marked.insert(k) }
        status = marked.isEmpty ? nil
            : "\(marked.count) marked: Enter compares them, Space on a marked row unmarks it"
        moveSelection(by: 1)
    }

    mutating func clearMarks() { marked = [] }

    mutating func startFilter() {
        typingFilter = true
        status = nil
    }

    mutating func typeIntoFilter(_ key: KeyPress) {
        switch key {
        case .character(let c) where !TextSanitizer.isControl(c):
            filter.unicodeScalars.append(c)
        case .backspace:
            if filter.isEmpty { typingFilter = false } else { filter.removeLast() }
        case .enter:
            typingFilter = false
        case .escape:
            filter = ""
            typingFilter = false
        default:
            return
        }
        let shown = visible
        if selected.map({ !shown.contains($0) }) ?? true { selected = shown.first }
        keepSelectionInView(shown)
    }

    mutating func clearFilter() {
        filter = ""
        keepSelectionInView()
    }

    /// Scrolls so the selected row is in the row area.
    mutating func keepSelectionInView(_ shown: [Int]? = nil) {
        let shown = shown ?? visible
        let height = max(rowsShown(shown.count), 1)
        guard let selected, let at = shown.firstIndex(of: selected) else {
            scrollTop = 0
            return
        }
        if at < scrollTop { scrollTop = at }
        if at >= scrollTop + height { scrollTop = at - height + 1 }
        scrollTop = max(0, min(scrollTop, max(0, shown.count - height)))
    }
}
