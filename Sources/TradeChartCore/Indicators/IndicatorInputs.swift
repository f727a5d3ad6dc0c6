/// The input columns an indicator reads, held by the chart's indicator so that its lines can
/// be worked out again where they are read (`CheckpointedIndicator`): the closes, and for
/// the bar indicators the high, low (the close where the file has none), volume and times
/// (empty where not read). A followed file's rows grow the series' columns in place only
/// while nothing else holds them: `ViewerState.releaseIndicatorInputs()` lets go of them first.
struct IndicatorInputs: Sendable {
    var close: [Double]
    var high: [Double] = []
    var low: [Double] = []
    var volume: [Double] = []
    var times: [Int64] = []

    /// How many rows there are.
    var count: Int { close.count }

    /// Lets `body` read the columns through unsafe views.
    @inline(__always) func reading<R>(_ body: (InputColumns) -> R) -> R {
        close.withUnsafeBufferPointer { c in
            high.withUnsafeBufferPointer { h in
                low.withUnsafeBufferPointer { l in
                    volume.withUnsafeBufferPointer { v in
                        times.withUnsafeBufferPointer { t in
                            body(InputColumns(close: c, high: h, low: l, volume: v, times: t))
                        }
                    }
                }
            }
        }
    }
}

/// The input columns through unsafe views, for an indicator's steps.
struct InputColumns {
    let close: UnsafeBufferPointer<Double>
    let high: UnsafeBufferPointer<Double>
    let low: UnsafeBufferPointer<Double>
    let volume: UnsafeBufferPointer<Double>
    let times: UnsafeBufferPointer<Int64>

    /// Bar `i` as the candle indicators read it.
    @inline(__always) func bar(_ i: Int) -> HighLowClose {
        HighLowClose(high: high[i], low: low[i], close: close[i])
    }
}
