/// What an indicator's lines were worked out from (issue 25): the series (the contents token
/// of its price index, new at every change of the series), whether the bars it reads (the
/// high, low and volume of the stochastic, ATR and VWAP) were there, and for an overlay the
/// axis its lines are plotted on (a pane's are plotted as they are, whatever the axis). A
/// change of the chosen indicators keeps each line whose basis is the one it would be worked
/// out from now and computes only the others (`ViewerState.chooseIndicators`).
struct IndicatorBasis: Sendable, Equatable {
    /// The axis an overlay's lines are plotted on: the price scale and whether it is logarithmic.
    struct Axis: Sendable, Equatable {
        let scale: PriceScale
        let log: Bool
    }

    /// The series' price index contents (held, so that its identity is not reused).
    var series: MinMaxIndex.Contents
    /// Whether the bars the indicator reads were there (false for those that read none).
    var bars: Bool
    /// The axis an overlay's lines are plotted on; nil for a pane's, and before they are plotted.
    var axis: Axis?

    /// The basis of `choice`'s lines over the series whose price index contents are `series`,
    /// the bars read for its rows or not, plotted (an overlay) on `axis`.
    init(_ choice: IndicatorChoice, series: MinMaxIndex.Contents, barsRead: Bool, axis: Axis?) {
        self.series = series
        bars = choice.readsBars && barsRead
        self.axis = choice.isOverlay ? axis : nil
    }

    static func == (a: IndicatorBasis, b: IndicatorBasis) -> Bool {
        a.series === b.series && a.bars == b.bars && a.axis == b.axis
    }
}
