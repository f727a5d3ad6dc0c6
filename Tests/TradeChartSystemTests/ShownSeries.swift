import TradeChartCore
import TradeChartSystem

/// A follower as the viewer sees it: appended rows are added to the series given
/// before, so a look answers with the whole series as it stands (`.updated`), whether
/// the follower handed out all of it or only the new rows.
final class Shown<F: Follower> {
    let follower: F
    private(set) var series: PriceSeries?
    /// How many looks handed out appended rows only.
    private(set) var appends = 0

    init(_ follower: F) { self.follower = follower }

    func lookDue(every interval: Double) -> Double? { follower.lookDue(every: interval) }

    func waitForChart(onWait: (String) -> Void) -> FollowChange {
        let change = follower.waitForChart(onWait: onWait)
        if case .updated(let loaded, _) = change { series = loaded.series }
        return change
    }

    func poll() -> FollowChange {
        let change = follower.poll()
        switch change {
        case .updated(let loaded, _):
            series = loaded.series
            return change
        case .rewritten(let loaded):
            // The viewer's rule: the same series is no change, another one a reload.
            let resolved = series.map { change.resolved(against: $0, bars: nil) } ?? .updated(loaded, reloaded: true)
            if case .updated(let now, _) = resolved { series = now.series }
            return resolved
        case .appended(let rows):
            guard var grown = series else { return change }
            appends += 1
            _ = grown.append(times: rows.times, prices: rows.prices, offsets: rows.offsets)
            series = grown
            return .updated(LoadedSeries(series: grown, report: rows.report), reloaded: false)
        default:
            return change
        }
    }
}

extension Shown where F == FileFollower {
    var path: String { follower.path }
}
