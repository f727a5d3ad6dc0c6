import TradeChartCore

/// What the run loop runs: a state that takes events with the time they happened,
/// answers with commands for the host, and draws itself as a frame at any time.
public protocol LoopState {
    /// Counts changes, so the loop draws only after one.
    var revision: Int { get }
    mutating func handle(_ event: ViewerEvent, at time: Double) -> [ViewerCommand]
    func frame(at time: Double) -> Frame
    /// True while something moves: the loop draws frames at its pace.
    func isAnimating(at time: Double) -> Bool
    /// What a screen reader says of `event`, which led from `before` to this state.
    func narration(of event: ViewerEvent, from before: Self) -> [String]
    /// The cells the plot's image covers at `time` (blank in the frame), nil while the plot is text.
    func plotImageArea(at time: Double) -> CellArea?
    /// The plot's image at `time` in cells of `cell` pixels, nil while the plot is text.
    func shownPlotImage(at time: Double, cell: PixelCellSize) -> ShownPlotImage?
}

extension ViewerState: LoopState {
    public func narration(of event: ViewerEvent, from before: ViewerState) -> [String] {
        Narration.lines(for: event, from: before, to: self)
    }
}

extension ViewerState {
    public func plotImageArea(at time: Double) -> CellArea? { showsPlotAsImage ? imageArea : nil }
}

extension OverviewSession: LoopState {}
