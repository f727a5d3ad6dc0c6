/// A value worked out on a thread of its own while the caller does something else: the
/// launch asks the terminal its questions while the newest rows are read (issue 24).
/// `value` waits for it. The work may touch what the caller leaves alone until then
/// (hence `@unchecked Sendable`); where no thread can be started it runs at once.
public final class BackgroundValue<Value>: @unchecked Sendable {
    private var result: Value?
    private var thread: JoinableThread?
    private let work: () -> Value

    /// Starts `work` on a thread named `name` (see `JoinableThread`).
    public init(name: String, _ work: @escaping () -> Value) {
        self.work = work
        thread = JoinableThread(name: name) { [self] in result = self.work() }
        if thread == nil { result = work() }
    }

    /// The work's result, once it has returned.
    public var value: Value {
        thread?.join()
        thread = nil
        return result!
    }
}
