/// Fits the header's parts (name, price, change, word, and on the right the date)
/// into the width of the terminal. Each part has forms from the fullest to the
/// shortest (an empty form drops it); when the parts do not fit, the more important
/// parts keep their fuller forms and the less important ones take what room is left. A form is whole or absent, so a
/// number is never cut. All the header's measuring of text happens here, in `width`.
package struct HeaderLayout: Sendable {
    /// One part of the header.
    package struct Part: Sendable {
        /// The forms, fullest first; an empty string drops the part.
        package var forms: [String]
        package var style: CellStyle
        /// Spaces before the part when another part stands to its left.
        package var gap: Int
        /// How readily the part gives way: the lowest `yield` shortens first.
        package var yield: Int

        package init(forms: [String], style: CellStyle, gap: Int = 2, yield: Int) {
            self.forms = forms
            self.style = style
            self.gap = gap
            self.yield = yield
        }
    }

    /// A part's chosen form and where it goes.
    package struct Placed: Sendable, Equatable {
        package var text: String
        package var x: Int
        package var style: CellStyle
    }

    /// Parts from the left edge, in order.
    package var left: [Part]
    /// The part at the right edge (at least two spaces from the left parts).
    package var right: Part?

    package init(left: [Part], right: Part?) {
        self.left = left
        self.right = right
    }

    /// The cells a text takes on screen.
    package static func width(_ text: String) -> Int { text.displayWidth }

    /// The forms of a name shortened with `ellipsis` to every length down to `minimum`
    /// characters before the ellipsis, then none.
    package static func shortenings(of name: String, ellipsis: String, minimum: Int = 3) -> [String] {
        // Cut from the name's own scalars, not rebuilt scalar by scalar: the header is drawn at every look at a followed file.
        let scalars = name.unicodeScalars
        let count = scalars.count
        var forms = [name]
        if count > minimum + 1 {
            forms.reserveCapacity(count - minimum + 2)
            var keepEnd = scalars.index(before: scalars.endIndex)
            for _ in stride(from: count - 1, through: minimum, by: -1) {
                var end = keepEnd
                while end > scalars.startIndex, scalars[scalars.index(before: end)] == " " { end = scalars.index(before: end) }
                forms.append(String(scalars[..<end]) + ellipsis)
                if keepEnd > scalars.startIndex { keepEnd = scalars.index(before: keepEnd) }
            }
        }
        forms.append("")
        return forms
    }

    /// The parts at their fullest forms, placed in `columns` cells, when they all fit so;
    /// else nil. What `place` gives then (forms go fullest first), with only the fullest
    /// forms measured: a followed file's header is placed at every look, and a long name has
    /// a form for every length.
    package func placeWhole(columns: Int) -> [Placed]? {
        var placed: [Placed] = []
        placed.reserveCapacity(left.count + 1)
        var x = 0
        for part in left {
            guard let text = part.forms.first, !text.isEmpty else { continue }
            let start = placed.isEmpty ? x : x + part.gap
            x = start + Self.width(text)
            guard x <= columns else { return nil }
            placed.append(Placed(text: text, x: start, style: part.style))
        }
        if let right, let text = right.forms.first, !text.isEmpty {
            let width = Self.width(text)
            guard x + 2 + width <= columns else { return nil }
            placed.append(Placed(text: text, x: columns - width, style: right.style))
        }
        return placed
    }

    /// The parts placed in `columns` cells. The most important part (highest `yield`)
    /// takes its fullest form that fits with every other part at its shortest, then the
    /// next, and so on: a less important part only gets the room that is left. Every form
    /// is measured once (the header is placed at every frame).
    package func place(columns: Int) -> [Placed] {
        let all = left + [right ?? Part(forms: [""], style: .plain, yield: Int.max)]
        let widths = all.map { $0.forms.map(Self.width) }
        var choice = all.map { $0.forms.count - 1 }
        // Each trial form is tried in place (no copy of the choices a trial: the header is placed at every look).
        for i in all.indices.sorted(by: { all[$0].yield > all[$1].yield }) {
            let shortest = all[i].forms.count - 1
            for f in all[i].forms.indices {
                choice[i] = f
                if used(all, widths, choice) <= columns { break }
                choice[i] = shortest
            }
        }
        var placed: [Placed] = []
        var x = 0
        for (i, part) in left.enumerated() {
            let text = part.forms[choice[i]]
            guard !text.isEmpty else { continue }
            let start = placed.isEmpty ? x : x + part.gap
            let width = widths[i][choice[i]]
            // A part with no empty form that does not fit even at its shortest is left out, not cut.
            guard start + width <= columns else { break }
            placed.append(Placed(text: text, x: start, style: part.style))
            x = start + width
        }
        if let right {
            let text = right.forms[choice[left.count]], width = widths[left.count][choice[left.count]]
            if !text.isEmpty, x + 2 + width <= columns {
                placed.append(Placed(text: text, x: columns - width, style: right.style))
            }
        }
        return placed
    }

    /// The cells the parts take with these choices (the right part with its two spaces),
    /// `widths` holding each part's forms' widths.
    func used(_ all: [Part], _ widths: [[Int]], _ choice: [Int]) -> Int {
        var total = 0
        var any = false
        for i in 0..<left.count {
            guard !all[i].forms[choice[i]].isEmpty else { continue }
            total += (any ? all[i].gap : 0) + widths[i][choice[i]]
            any = true
        }
        if !all[left.count].forms[choice[left.count]].isEmpty { total += 2 + widths[left.count][choice[left.count]] }
        return total
    }
}
