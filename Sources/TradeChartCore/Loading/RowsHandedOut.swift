/// What a follower has been handed so far (`takeNewRows`): how many rows, the column
/// decisions they were read with, the report it was last told, and the rows left out
/// as they were handed out (or by the last snapshot's decisions over the whole column)
/// beyond what the parser's report counts. Rows handed out may also be given away:
/// moved out of the parser's columns, so that whoever took them holds the only
/// reference and grows them in place (a follower of a file, which can read it again).
struct RowsHandedOut: Sendable {
    /// Rows handed out, counted over every row read.
    var count = 0
    /// Whether rows handed out are given away (`markRowsHandedOut(givingThemAway:)`).
    var givesAway = false
    /// How many of the rows read were given away: the columns hold the rows from this one on.
    var givenAway = 0
    var reading: ColumnReading?
    var report: LoadReport?
    var drops = LoadReport()
}
