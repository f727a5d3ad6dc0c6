import Testing
@testable import TradeChartCore
@Test func zzScratchPrint() {
    var v = ViewerState(series: TestSeries.daily(days: 1269), range: .oneYear, options: ViewerOptions(), columns: 100, rows: 30)
    print(v.frame(at: 0).plainText)
    _ = v.handle(.key(.left), at: 0); _ = v.handle(.key(.shiftLeft), at: 0)
    _ = v.handle(.key(.character("6")), at: 0)
    print(v.frame(at: 0.4).plainText)
    var s = ViewerState(series: TestSeries.daily(days: 1269), range: .oneMonth, options: ViewerOptions(charset: .ascii), columns: 60, rows: 14)
    print(s.frame(at: 0).plainText)
    _ = s.handle(.key(.character("?")), at: 0)
    print(s.frame(at: 0).plainText)
}
