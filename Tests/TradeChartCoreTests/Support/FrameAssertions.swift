import Testing
import TradeChartCore

/// Expects two frames to be equal, reporting the first differing line as text
/// (and the first differing style) instead of dumping every cell.
func expectSameFrame(_ actual: Frame, _ expected: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    guard actual.width == expected.width, actual.height == expected.height else {
        Issue.record("frame size \(actual.width)x\(actual.height) != \(expected.width)x\(expected.height)",
                     sourceLocation: sourceLocation)
        return
    }
    for y in 0..<actual.height where actual.line(y) != expected.line(y) {
        Issue.record("line \(y) differs:\n  actual:   \(actual.line(y))\n  expected: \(expected.line(y))",
                     sourceLocation: sourceLocation)
        return
    }
    for y in 0..<actual.height {
        for x in 0..<actual.width where actual[x, y] != expected[x, y] {
            Issue.record("style at \(x),\(y) differs: \(actual[x, y].style) vs \(expected[x, y].style)",
                         sourceLocation: sourceLocation)
            return
        }
    }
}
