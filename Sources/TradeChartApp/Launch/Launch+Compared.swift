import TradeChartCore
import TradeChartSystem

extension Launch {
    /// The files compared with the primary one: their series, their followers (with
    /// `--follow`) and what could not be loaded.
    struct ComparedFiles {
        var series: [PriceSeries] = []
        /// Each follower with the file's number on the command line.
        var followers: [(file: Int, follower: Follower)] = []
        var notes: [String] = []
        /// The exit status when the person stopped a long load.
        var stopped: Int32?
    }

    /// Loads every file after the first, in order: one that cannot be loaded is said and
    /// left out, one given twice (the same file by another name too) is shown once.
    func loadOthers(options: LoadOptions, keys: ProgressKeys) -> ComparedFiles {
        var result = ComparedFiles()
        var seen: [(name: String, identity: FileIdentity?)] = [(file, file == "-" ? nil : files.identity(of: path(file)))]
        for name in request.files.dropFirst() {
            let path = path(name)
            let identity = name == "-" ? nil : files.identity(of: path)
            if let earlier = seen.first(where: { $0.name == name || (identity != nil && $0.identity == identity) }) {
                result.notes.append(earlier.name == name ? "\(name) is given twice: shown once"
                                    : "\(name) is the same file as \(earlier.name): shown once")
                continue
            }
            seen.append((name, identity))
            let loaded: LoadedSeries
            let notFollowed = request.follow && keys.interactive && name != "-" ? files.whyNotFollowed(path) : nil
            if let notFollowed { result.notes.append(notFollowed) }
            if request.follow && keys.interactive && name != "-" && notFollowed == nil {
                let look = files.follow(path, options: LoadOptions(column: request.column, reading: request.reading), keys: keys)
                if let status = look.stopped {
                    result.stopped = status
                    return result
                }
                guard case .updated(let first, _) = look.change else {
                    // The files compared are those with a chart when the viewer starts.
                    result.notes.append("\(name): no chart yet (a compared file needs two prices when the viewer starts): left out")
                    continue
                }
                loaded = first
                // Numbered as the viewer numbers the files it shows: the primary 0, the others on.
                result.followers.append((result.series.count + 1, look.follower))
            } else {
                // Each file keeps its own name (--title names the primary one).
                let options = LoadOptions(column: request.column, reading: request.reading, keepsRowsBeforeCut: keys.interactive)
                switch files.load(path, options: options, keys: keys) {
                case .finished(.success(let series)):
                    loaded = series
                case .finished(.failure(let error)):
                    result.notes.append("\(error)")
                    continue
                case .stopped(let status):
                    result.stopped = status
                    return result
                }
            }
            guard loaded.series.count >= 2 else {
                result.notes.append("\(name): \(loaded.report.onlyOnePrice())")
                continue
            }
            if let summary = loaded.report.summary { result.notes.append("\(name): \(summary)") }
            result.series.append(loaded.series)
        }
        if !keys.interactive { for note in result.notes { say(note) } }
        return result
    }
}
