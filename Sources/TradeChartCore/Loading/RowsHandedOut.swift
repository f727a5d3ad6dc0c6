/// What a follower has been handed so far (`takeNewRows`): how many rows, the column
/// decisions they were read with, the report it was last told, and the rows left out
/// as they were handed out (or by the last snapshot's decisions over the whole column)
/// beyond what the parser's report counts.
struct RowsHandedOut: Sendable {
    var count = 0
    var reading: ColumnReading?
    var report: LoadReport?
    var drops = LoadReport()
}
