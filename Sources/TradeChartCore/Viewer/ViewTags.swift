/// The short tags the bottom row shows after the range bar for as long as a setting that
/// changes how the chart reads is on: `log` (a log price axis), `%` (labels in percent
/// from the reference price), `MA20/50/200` (moving averages). A status message says
/// so once; the tags keep saying it.
extension ViewerState {
    /// The tags of the settings on, in the order of their keys (`L`, `%`, `m`).
    var viewTags: [String] {
        var tags: [String] = []
        if logAxis { tags.append("log") }
        // Compared files are always on a percent axis: the legend says so.
        if percentAxis && !comparing { tags.append("%") }
        if !averages.isEmpty { tags.append("MA" + averages.map { String($0.bars) }.joined(separator: "/")) }
        return tags
    }
}
