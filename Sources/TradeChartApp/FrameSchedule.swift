/// When the interactive loop wakes up next, given what it just drew and what is due.
public enum FrameSchedule {
    /// Milliseconds to wait for input before the next frame or task, -1 to wait for
    /// input alone (nothing moves and nothing is due: no CPU while idle).
    ///
    /// A frame drawn while animating is always followed by another one frame interval
    /// after it started, even if the animation ended meanwhile: that next frame is the
    /// still frame the morph lands on.
    public static func timeout(drewAnimatingFrame: Bool, frameStart: Double, now: Double, tasksDue: [Double],
                               frameInterval: Double) -> Int {
        var wait: Double? = drewAnimatingFrame ? max(0, frameStart + frameInterval - now) : nil
        for due in tasksDue {
            wait = min(wait ?? .infinity, max(0, due - now))
        }
        return wait.map { Int(($0 * 1000).rounded(.up)) } ?? -1
    }
}
