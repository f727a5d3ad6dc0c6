/// Where the state lands on the screen at one moment, worked out once a frame: the
/// projection (bars to dot columns and rows: the still target, or the morph's
/// in-between), the points drawn, the period a candle stands for, the cursor shown, the
/// candles on screen and the cursor's candle. The view, the chart painter, the price
/// layer and the volume pane all read this one value.
///
/// Invariant: every part is of the same moment and the same projection, because
/// `init(_:at:)` works them all out together.
struct FrameGeometry: Sendable {
    let time: Double
    /// What is on screen at `time`.
    let projection: ChartProjection
    /// The points drawn: the range, plus during a morph the older points sliding in or out.
    let drawn: ClosedRange<Int>
    /// The period of the candles on screen; nil when nothing drawn needs one (a line chart
    /// with no cursor on a candle: the period is a search over the times, left out of its frames).
    let candlePeriod: CandlePeriod?
    /// The point the cursor shows (the one sounding while the audiograph plays), nil when hidden.
    let cursor: Int?
    /// The candles on screen, when candles, OHLC bars or the volume pane are drawn.
    let candles: [Candle]
    /// The candle under the cursor, when the candles have their columns.
    let cursorCandle: Candle?
    /// The cell column of the cursor's candle's wick, while candles are drawn.
    let candleCursorColumn: Int?

    init(_ state: borrowing ViewerState, at time: Double) {
        self.time = time
        let projection = state.projection(at: time)
        self.projection = projection
        drawn = state.drawnPoints(at: time)
        let cursor = state.displayedCursor(at: time)
        self.cursor = cursor
        // Written without closures (`&&`'s right side is one too): the state is borrowed, not copied.
        var drawsBars = state.drawsCandles
        if !drawsBars { drawsBars = state.drawsVolume }
        var period: CandlePeriod?
        if drawsBars {
            period = state.candlePeriod(at: time, onScreen: projection)
        } else if cursor != nil, state.candles.series != nil {
            period = state.candlePeriod(at: time, onScreen: projection)
        }
        candlePeriod = period
        guard let period else {
            (candles, cursorCandle, candleCursorColumn) = ([], nil, nil)
            return
        }
        candles = drawsBars ? state.visibleCandles(period: period, drawn: drawn, projection: projection) : []
        if let cursor {
            cursorCandle = state.candle(at: cursor, period: period)
            candleCursorColumn = state.candleCursorColumn(cursor: cursor, period: period, projection: projection)
        } else {
            (cursorCandle, candleCursorColumn) = (nil, nil)
        }
    }
}

extension ViewerState {
    /// Where the state lands on the screen at `time`.
    func geometry(at time: Double) -> FrameGeometry { FrameGeometry(self, at: time) }
}
