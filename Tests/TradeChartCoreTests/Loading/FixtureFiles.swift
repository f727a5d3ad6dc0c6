import Foundation
@testable import TradeChartCore

/// The core opens no file (`SeriesLoader.load(path:)` is TradeChartSystem's): its tests
/// read a fixture's bytes with Foundation and load them in one pass, which gives what
/// a load from the file gives (TradeChartSystemTests check that path itself).
extension SeriesLoader {
    static func load(path: String, options: LoadOptions = .init()) throws(LoadError) -> LoadedSeries {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotOpen(file: path, reason: "the test could not read it")
        }
        return try load(bytes: [UInt8](data), fileName: path, options: options)
    }
}
