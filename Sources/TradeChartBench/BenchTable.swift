/// The benchmark report: sections, each a small table with its own aligned columns.
final class BenchTable {
    private var sections: [(title: String, columns: [String], rows: [[String]])] = []

    /// Starts a section; the following `row` calls fill it.
    func section(_ title: String, columns: [String]) {
        sections.append((title, columns, []))
    }

    /// Adds a row to the current section (cells right-aligned except the first).
    func row(_ cells: [String]) {
        guard !sections.isEmpty else { return }
        sections[sections.count - 1].rows.append(cells)
    }

    /// Writes every section to standard output.
    func print() {
        for s in sections {
            Swift.print("\n\(s.title)")
            let all = [s.columns] + s.rows
            let widths = s.columns.indices.map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
            func line(_ cells: [String]) -> String {
                cells.indices.map { c -> String in
                    let pad = String(repeating: " ", count: max(0, widths[c] - cells[c].count))
                    return c == 0 ? cells[c] + pad : pad + cells[c]
                }.joined(separator: "  ")
            }
            Swift.print(line(s.columns))
            Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            for r in s.rows { Swift.print(line(r)) }
        }
    }
}
