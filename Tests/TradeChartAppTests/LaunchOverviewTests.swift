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
        var session = try #require(world.terminal.shownOverview)
        #expect(session.overview.entries.map(\.name) == ["b", "broken", "a"])
        // The rows show at once and fill in as the files are read: the service hands them over.
        #expect(session.overview.entries.allSatisfy { $0.content == .loading })
        let loads = try #require(world.terminal.services.first { $0 is OverviewLoadService })
        for event in loads.tick(at: 0) { _ = session.handle(event, at: 0) }
        #expect(loads.nextTick == nil, "every file is in: no more looks")
        #expect(session.overview.entries[0].series?.count == 60)
        #expect(session.overview.entries[1].problem?.contains("no time column") == true)
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

    @Test func theFolderRemembersItsRangeOrderAndFilter() throws {
        let world = Self.world()
        world.state = FakeState(remembered: Remembered(view: RememberedView(range: "1M", order: "change", filter: "a")),
                                journal: world.journal)
        #expect(world.run(["watch"]) == 0)
        var session = try #require(world.terminal.shownOverview)
        #expect(session.overview.range == .oneMonth && session.overview.order == .change && session.overview.filter == "a")
        // A change is remembered for the folder; the command line wins over what was remembered.
        let commands = session.handle(.key(.character("o")), at: 0)
        #expect(commands.contains(.remember(RememberedView(range: "1M", order: "date", filter: "a"))))
        let again = Self.world()
        again.state = FakeState(remembered: Remembered(view: RememberedView(range: "1M", order: "change")), journal: again.journal)
        #expect(again.run(["watch"]) { $0.range = .fiveYears; $0.order = .name } == 0)
        #expect(again.terminal.shownOverview?.overview.range == .fiveYears && again.terminal.shownOverview?.overview.order == .name)
    }

    @Test func followFollowsEveryFileAndTheFolder() {
        let world = Self.world()
        #expect(world.run(["watch"]) { $0.follow = true } == 0)
        #expect(world.files.overviewFollowed?.folder == "watch")
        #expect(world.files.overviewFollowed?.paths == ["watch/b.csv", "watch/broken.csv", "watch/a.csv"])
        let files = LaunchWorld(files: ["a.csv", "b.csv"])
        #expect(files.run(["a.csv", "b.csv"]) { $0.follow = true; $0.overview = true } == 0)
        #expect(files.files.overviewFollowed?.folder == nil && files.files.overviewFollowed?.paths.count == 2)
        let still = Self.world()
        #expect(still.run(["watch"]) == 0)
        #expect(still.files.overviewFollowed == nil)
    }

    @Test func anEmptyFolderIsSaidAndEndsWithStatus2() {
        let world = LaunchWorld(files: [])
        world.files.folders["empty"] = []
        #expect(world.run(["empty"]) == 2)
        #expect(world.output.errorLines.first?.contains("holds no price files") == true)
    }
}
