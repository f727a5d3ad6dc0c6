import Glibc

/// How many threads read a large file at once.
enum LoadThreads {
    /// `requested` (`LoadOptions.threads`), else `TRADECHART_LOAD_THREADS`, else the cores online.
    static func count(requested: Int?) -> Int {
        if let requested { return max(1, requested) }
        if let text = getenv("TRADECHART_LOAD_THREADS"), let n = Int(String(cString: text)), n >= 1 { return n }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
