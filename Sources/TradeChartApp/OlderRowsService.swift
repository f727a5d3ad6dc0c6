import TradeChartCore
import TradeChartSystem

/// Hands the viewer the older rows of a file shown from its newest rows: the progress of
/// the read behind the first frame a few times a second, then the whole file's series,
/// as `.olderRows` events. The read starts after the first frame is drawn, so it does not
/// take the cores that frame needs.
public final class OlderRowsService: HostService {
    private let file: NewestRowsFile
    private var reader: OlderRowsReader?
    /// The first look is at once: the status line says the read from the first frame on.
    public private(set) var nextTick: Double? = 0
    /// Whether the viewer was told of the read (before its first frame).
    private var announced = false
    /// The whole percent last told.
    private var told = -1
    /// How often the read is looked at.
    static let interval = 0.1

    public init(file: NewestRowsFile) {
        self.file = file
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        guard let reader else {
            if announced {
                // The first frame is drawn: the read starts.
                reader = OlderRowsReader(file)
                nextTick = time + Self.interval
                return []
            }
            // Before the first frame: the status line says the read; the look after that frame starts it.
            announced = true
            nextTick = time
            return [.olderRows(.reading(fraction: file.shareRead))]
        }
        if let result = reader.take() {
            nextTick = nil
            switch result {
            case .success(let loaded): return [.olderRows(.read(loaded))]
            case .failure(let error): return [.olderRows(.failed("older rows not read: \(error)"))]
            }
        }
        nextTick = time + Self.interval
        let fraction = reader.fraction
        let percent = Int(fraction * 100)
        guard percent != told else { return [] }
        told = percent
        return [.olderRows(.reading(fraction: fraction))]
    }

    public func finish() {
        reader?.stop()
    }
}
