/// The on/off settings of the settings table in the viewer: one way to turn each, by a key
/// or on opening, which checks the entry's refusal, keeps the switch, lets the entry follow
/// it up and says the entry's announcement.
extension ViewerState {
    /// Whether the on/off setting `id` is on.
    package func isOn(_ id: SettingID) -> Bool {
        Settings[id].toggle?.stored.map { $0.get(self) } ?? overlays.switches.contains(id)
    }

    /// The on/off settings that are on and remembered per file.
    var rememberedSwitches: Set<SettingID> {
        var on: Set<SettingID> = []
        for (id, stored) in Settings.rememberedToggles where stored.map({ $0.get(self) }) ?? overlays.switches.contains(id) {
            on.insert(id)
        }
        return on
    }

    /// Turns the on/off setting `id` on or off because of `cause`, at `time`; returns what
    /// the status line says of it (the entry's announcement, or why it cannot be turned)
    /// and what the host must do.
    mutating func turn(_ id: SettingID, _ on: Bool, _ cause: SettingCause, at time: Double)
        -> (said: StatusMessage, commands: [ViewerCommand]) {
        guard let toggle = Settings[id].toggle else { preconditionFailure("\(id) is not an on/off setting") }
        if let refusal = toggle.refusal(self, on, cause) { return (refusal, []) }
        if let stored = toggle.stored { stored.set(&self, on) } else { overlays.turn(id, on) }
        toggle.turned(&self, cause, time)
        guard cause == .key else { return (.setting(id, on: on), []) }
        let followUp = toggle.followUp(&self)
        return (followUp.said ?? .setting(id, on: on), followUp.commands)
    }

    /// Turns on, on opening, the on/off settings `ids` asks for (in the table's order);
    /// returns what cannot be turned on, and why.
    mutating func turnOn(_ ids: Set<SettingID>) -> [StatusMessage] {
        Settings.table.filter { ids.contains($0.id) && $0.isToggle }.compactMap { setting in
            let said = turn(setting.id, true, .opening, at: 0).said
            return said == .setting(setting.id, on: true) ? nil : said
        }
    }
}
