import Testing
import TradeChartApp
import TradeChartCore

/// The settings table's on/off flags on the command line reach the viewer the launch opens,
/// and what the state file remembers of them opens it the same way.
@Suite("Settings through the launch")
struct SettingLaunchTests {
    @Test func aToggleOnTheCommandLineOpensTheViewerWithItAndItIsRemembered() throws {
        let world = LaunchWorld()
        let read = try SettingArguments(["a.csv", "--log"])
        #expect(world.run(read.rest) { $0.switches = read.switches } == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.logAxis)
        #expect(shown.memory.switches == [.log], "the state file is asked to keep it")
    }

    @Test func aRememberedToggleOpensTheViewerWithIt() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(view: RememberedView(switches: [.percent]))
        #expect(world.run(["a.csv"]) == 0)
        #expect(try #require(world.terminal.shown).percentAxis)
    }

    @Test func noStateLeavesARememberedToggleOff() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(view: RememberedView(switches: [.log]))
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        #expect(try !#require(world.terminal.shown).logAxis)
    }
}
