import Testing
import TradeChartApp

@Suite("Frame schedule")
struct FrameScheduleTests {
    @Test func idleWaitsForInputAlone() {
        #expect(FrameSchedule.timeout(drewAnimatingFrame: false, frameStart: 10, now: 10.001, tasksDue: [],
                                      frameInterval: 1.0 / 60) == -1)
    }

    @Test func animationPacesAtTheFrameInterval() {
        #expect(FrameSchedule.timeout(drewAnimatingFrame: true, frameStart: 10, now: 10.004, tasksDue: [],
                                      frameInterval: 1.0 / 60) == 13)
        // A slow frame: the next one is due at once (frames are dropped, the morph keeps its pace).
        #expect(FrameSchedule.timeout(drewAnimatingFrame: true, frameStart: 10, now: 10.05, tasksDue: [],
                                      frameInterval: 1.0 / 60) == 0)
    }

    @Test func theFrameAfterTheLastAnimatedOneIsAlwaysDrawn() {
        // The morph ended between drawing and scheduling: still one more frame, never a block.
        #expect(FrameSchedule.timeout(drewAnimatingFrame: true, frameStart: 11.19, now: 11.21, tasksDue: [],
                                      frameInterval: 1.0 / 60) >= 0)
    }

    @Test func tasksWakeTheLoopWhenDue() {
        #expect(FrameSchedule.timeout(drewAnimatingFrame: false, frameStart: 10, now: 10, tasksDue: [10.25, 11],
                                      frameInterval: 1.0 / 60) == 250)
        #expect(FrameSchedule.timeout(drewAnimatingFrame: true, frameStart: 10, now: 10, tasksDue: [10.25],
                                      frameInterval: 1.0 / 60) == 17)
    }
}
