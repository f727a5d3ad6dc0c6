/// A rectangle of cells on the screen: where an image lies over the text.
public struct CellArea: Sendable, Equatable {
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
