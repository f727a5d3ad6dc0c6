import Testing
@testable import TradeChartApp
import TradeChartCore

/// The launch of the overview (issue 26): a folder, `--overview` or more files than a
/// comparison takes open it; `--print` and `--describe` write it; a file that does not
/// load stays listed with its reason.
@Suite("Launch of the overview")
struct LaunchOverviewTests {
    static func world() -> LaunchWorld {
        let world = LaunchWorld(files: ["watch/a.csv", "watch/b.csv"])
        world.files.contents["watch/broken.csv"] = "nothing,here\n1,2\n"
        world.files.folders["watch"] = ["watch/b.csv", "watch/broken.csv", "watch/a.csv"]
        return world
    }

    @Test func aFolderOpensTheOverviewWithEveryFileListed() throws {
        let world = Self.world()
        #expect(world.run(["watch"]) == 0)
        let session = try #require(world.terminal.shownOverview)
        #expect(session.overview.entries.map(\.name) == ["b", "broken", "a"])
        #expect(session.overview.entries[1].problem?.contains("no time column") == true)
        #expect(session.overview.entries[0].series?.count == 60)
        #expect(world.terminal.shown == nil, "no chart opens by itself")
    }

    @Test func moreFilesThanAComparisonTakesOpenTheOverviewAndSaySo() throws {
        let names = (0...Launch.mostCompared).map { "f\($0).csv" }
        let world = LaunchWorld(files: names)
        #expect(world.run(names) == 0)
        #expect(world.terminal.shownOverview?.overview.entries.count == names.count)
        #expect(world.output.errorLines == ["tradechart: 9 files are more than a comparison shows (8): the overview lists them"])
        // --overview lists two files as well; two without it are compared.
        let two = LaunchWorld()
        #expect(two.run(["a.csv", "b.csv"]) { $0.overview = true } == 0)
        #expect(two.terminal.shownOverview?.overview.entries.count == 2)
        let compared = LaunchWorld()
        #expect(compared.run(["a.csv", "b.csv"]) == 0)
        #expect(compared.terminal.shownOverview == nil && compared.terminal.shown != nil)
    }

    @Test func printAndDescribeWriteTheOverviewOnce() {
        let world = Self.world()
        #expect(world.run(["watch"]) { $0.print = true; $0.describe = true; $0.size = FrameSize(columns: 80, rows: 8) } == 0)
        let text = world.output.standardOutput
        #expect(text.contains("watch  3 files · 1 without a chart · by name"))
        #expect(text.contains("broken") && text.contains("no time column"))
        #expect(text.contains("watch: 3 price files, 1Y, by name."))
        #expect(world.terminal.shownOverview == nil)
    }

    @Test func anEmptyFolderIsSaidAndEndsWithStatus2() {
        let world = LaunchWorld(files: [])
        world.files.folders["empty"] = []
        #expect(world.run(["empty"]) == 2)
        #expect(world.output.errorLines.first?.contains("holds no price files") == true)
    }
}
