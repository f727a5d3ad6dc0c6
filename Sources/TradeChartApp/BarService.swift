import TradeChartCore
import TradeChartSystem

/// Reads the file again with the open, high, low and volume when the viewer asks
/// (`loadBars`: `c` or `v` on a file shown as a line, which never read them), and hands
/// them back as a `.bars` event. The read waits a moment, so the frame that says
/// "Reading …" is drawn first.
public final class BarService: HostService {
    /// The file to read; nil when it cannot be read again (standard input).
    private let path: String?
    private let options: LoadOptions
    private var asked: BarFields?
    public private(set) var nextTick: Double?
    /// How long the read waits for the frame that announces it.
    static let delay = 0.02

    public init(path: String?, options: LoadOptions) {
        self.path = path
        self.options = options
    }

    public func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
        guard case .loadBars(let fields) = command else { return [] }
        guard path != nil else {
            return [.bars(.failed("standard input cannot be read a second time; start with --style candles or --volume"))]
        }
        asked = fields
        nextTick = time + Self.delay
        return []
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        nextTick = nil
        guard let fields = asked, let path else { return [] }
        asked = nil
        var options = options
        options.bars = fields
        do {
            return [.bars(.loaded(try SeriesLoader.load(path: path, options: options)))]
        } catch {
            return [.bars(.failed("\(error)"))]
        }
    }
}
