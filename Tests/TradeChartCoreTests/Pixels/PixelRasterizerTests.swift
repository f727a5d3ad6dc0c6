import Foundation
import Testing
@testable import TradeChartCore

/// The pixel chart against the Braille one: at 2 x 4 pixels a cell (one pixel a dot) it
/// lights exactly the Braille rasterizer's dots; at larger cells its line is anti-aliased
/// about 2 pixels wide; its morph frames are reproducible from the time alone.
@Suite("Pixel rasterizer")
struct PixelRasterizerTests {
    let series = TestSeries.daily(days: 1269)

    /// The pixels of `canvas` whose colour is one of `roles`.
    func pixels(_ canvas: PixelCanvas, _ roles: Set<ColorRole>) -> Set<[Int]> {
        var set = Set<[Int]>()
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                if let role = PixelPalette.role(of: canvas[x, y]), roles.contains(role) { set.insert([x, y]) }
            }
        }
        return set
    }

    /// Expects two sets of pixels to be equal, naming a few of the pixels that differ.
    func expectSame(_ a: Set<[Int]>, _ b: Set<[Int]>, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let differ = a.symmetricDifference(b)
        #expect(differ.isEmpty, "\(what): \(differ.count) pixels differ, e.g. \(differ.sorted { $0.lexicographicallyPrecedes($1) }.prefix(5))",
                sourceLocation: sourceLocation)
    }

    func dots(_ canvas: DotCanvas) -> Set<[Int]> {
        var set = Set<[Int]>()
        for y in 0..<canvas.heightDots { for x in 0..<canvas.widthDots where canvas[x, y] { set.insert([x, y]) } }
        return set
    }

    @Test func oneLinePixelWideLightsTheBrailleDots() {
        var rng = SplitMix64(seed: 3)
        let prices = (0..<5000).map { _ in Double(rng.next() % 1000) }
        let index = MinMaxIndex(prices)
        // Dense, sparse, steep, mirrored and part-outside maps.
        let maps: [(AffineMap, AffineMap)] = [
            (AffineMap(mapping: 0, to: 0.5, and: 4999, to: 79.5), AffineMap(mapping: 999, to: 1.5, and: 0, to: 38.5)),
            (AffineMap(scale: 7.3, offset: -3), AffineMap(scale: 0.05, offset: 2)),
            (AffineMap(scale: -0.02, offset: 90), AffineMap(scale: -0.1, offset: 60)),
        ]
        for (x, y) in maps {
            var braille = DotCanvas(columns: 40, rows: 10, charset: .braille)
            LineRasterizer.drawLine(index, points: 10...4000, x: x, y: y, into: &braille)
            var image = PixelCanvas(width: 80, height: 40)
            PixelLineRasterizer.drawLine(index, points: 10...4000, x: x, y: y, width: 1, role: .rising, into: &image)
            #expect(!dots(braille).isEmpty)
            expectSame(pixels(image, [.rising]), dots(braille), "line")
        }
    }

    @Test func wholePlotAtTwoByFourPixelsIsTheBrailleChart() {
        for range in [ChartRange.oneMonth, .oneYear, .max] {
            let v = ViewerState(series: series, range: range, columns: 90, rows: 24)
            let plot = v.plotImage(at: 0, cell: PixelCellSize(width: 2, height: 4))!
            let geometry = v.geometry(at: 0)
            let price = PriceLayer(state: v, geometry: geometry).first
            var baseline = DotCanvas(columns: v.layout.chartWidth, rows: v.layout.chartHeight, charset: .braille)
            LineRasterizer.drawDashedRow(atY: geometry.projection.baselineRow, into: &baseline)
            #expect(plot.canvas.width == v.layout.chartWidth * 2 && plot.canvas.height == v.layout.chartHeight * 4)
            expectSame(pixels(plot.canvas, [.rising, .falling]), dots(price), "price")
            expectSame(pixels(plot.canvas, [.muted]), dots(baseline).subtracting(dots(price)), "baseline")
        }
    }

    @Test func candlesAtTwoByFourPixelsAreTheBrailleCandles() throws {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        for style in [ChartStyle.candles, .ohlc] {
            let v = ViewerState(series: loaded.series, range: .oneMonth, columns: 100, rows: 30,
                                candles: CandleState(names: loaded.barNames, bars: loaded.bars,
                                                     closes: loaded.series.prices, style: style))
            #expect(v.drawsCandles)
            let plot = v.plotImage(at: 0, cell: PixelCellSize(width: 2, height: 4))!
            let layer = PriceLayer(state: v, geometry: v.geometry(at: 0))
            expectSame(pixels(plot.canvas, [.rising, .falling]), dots(layer.first).union(dots(layer.second!)), "candles")
            expectSame(pixels(plot.canvas, [.falling]), dots(layer.second!), "falling candles")
        }
    }

    @Test func widerLineIsAntiAliasedAboutItsValue() {
        // A flat line through row coordinate 10.5, 2 pixels wide: rows 9.5...11.5 covered,
        // so row 10 is full and rows 9 and 11 half.
        var image = PixelCanvas(width: 6, height: 16)
        PixelLineRasterizer.drawLine(MinMaxIndex([5, 5]), points: 0...1, x: AffineMap(scale: 5, offset: 0.5),
                                     y: AffineMap(scale: 0, offset: 10.5), width: 2, role: .falling, into: &image)
        for x in 0..<6 {
            #expect(PixelPalette.level(of: image[x, 9]) == 2)
            #expect(PixelPalette.level(of: image[x, 10]) == 4)
            #expect(PixelPalette.level(of: image[x, 11]) == 2)
            #expect(image[x, 8] == 0 && image[x, 12] == 0)
        }
        #expect(PixelPalette.role(of: image[0, 10]) == .falling)
    }

    @Test func lineAtTerminalCellSizeFollowsThePrice() {
        let v = ViewerState(series: series, range: .oneYear, columns: 80, rows: 24)
        let cell = PixelCellSize.standard
        let plot = v.plotImage(at: 0, cell: cell)!
        let projection = v.projection(at: 0)
        let drawn = pixels(plot.canvas, [.rising, .falling])
        // Every point's pixel (dots scaled to pixels) is lit, and no lit pixel is far from the line.
        for i in v.slice.first...v.slice.last {
            let px = Int(projection.x(Double(i)) * Double(cell.width) / 2)
            let py = Int(projection.y(v.plotIndex.values[i]) * Double(cell.height) / 4)
            #expect(drawn.contains([px, py]), "point \(i)")
        }
        #expect(drawn.count < plot.canvas.width * plot.canvas.height / 5)
    }

    @Test func morphFramesAreReproducibleAndEndOnTheStillImage() {
        var v = ViewerState(series: series, range: .oneMonth, columns: 90, rows: 24)
        let cell = PixelCellSize(width: 8, height: 16)
        let start = v.plotImage(at: 0, cell: cell)!
        _ = v.handle(.key(.character("6")), at: 0)
        let middle = v.plotImage(at: 0.6, cell: cell)!
        #expect(v.plotImage(at: 0.6, cell: cell)! == middle)
        #expect(middle != start)
        let end = ViewerState(series: series, range: .fiveYears, columns: 90, rows: 24).plotImage(at: 0, cell: cell)!
        #expect(middle != end)
        #expect(v.plotImage(at: 1.2, cell: cell)! == end)
    }

    @Test func cursorIsAVerticalLineWithADot() {
        var v = ViewerState(series: series, range: .oneMonth, columns: 90, rows: 24)
        _ = v.handle(.key(.home), at: 0)
        let cell = PixelCellSize(width: 8, height: 16)
        let plot = v.plotImage(at: 5, cell: cell)!
        let cursor = try! #require(v.cursor)
        let projection = v.projection(at: 5)
        let px = Int(projection.x(Double(cursor)) * 4)
        // The muted line runs from top to bottom except where the line and the dot are.
        let muted = (0..<plot.canvas.height).filter { PixelPalette.role(of: plot.canvas[px, $0]) == .muted }.count
        #expect(muted > plot.canvas.height * 3 / 4)
        let py = Int(projection.y(v.plotIndex.values[cursor]) * 4)
        // The dot is wider than the line: full colour either side of the point, over the cursor's line.
        for dx in [-1, 1] { #expect(PixelPalette.level(of: plot.canvas[px + dx, py]) == PixelPalette.levels) }
        #expect(PixelPalette.role(of: plot.canvas[px, py]) != .muted)
    }

    @Test func aFollowedFilesNewestPointIsADot() throws {
        let cell = PixelCellSize(width: 8, height: 16)
        let still = ViewerState(series: series, range: .oneMonth, columns: 90, rows: 24)
        let live = ViewerState(series: series, range: .oneMonth, options: ViewerOptions(followed: "prices.csv"), columns: 90, rows: 24)
        let a = try #require(still.plotImage(at: 5, cell: cell)), b = try #require(live.plotImage(at: 5, cell: cell))
        let projection = live.projection(at: 5)
        let newest = series.count - 1
        let px = projection.x(Double(newest)) * 4, py = projection.y(live.plotIndex.values[newest]) * 4
        var changed: [(Int, Int)] = []
        for y in 0..<a.canvas.height { for x in 0..<a.canvas.width where a.canvas[x, y] != b.canvas[x, y] { changed.append((x, y)) } }
        #expect(!changed.isEmpty, "the dot is drawn")
        #expect(changed.allSatisfy { abs(Double($0.0) - px) < 8 && abs(Double($0.1) - py) < 8 }, "only around the newest point")
    }
}
