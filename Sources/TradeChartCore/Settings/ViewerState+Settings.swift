/// The on/off settings of the settings table in the viewer: one way to turn each, by a key
/// or on opening, which checks the entry's refusal, keeps the switch, lets the entry follow
/// it up and says the entry's announcement.
extension ViewerState {
    /// Whether the on/off setting `id` is on.
    public func isOn(_ id: SettingID) -> Bool { overlays.switches.contains(id) }

    /// The on/off settings that are on.
    var switches: Set<SettingID> { overlays.switches }

    /// Turns the on/off setting `id` on or off because of `cause`; returns what the status
    /// line says of it: the entry's announcement, or why it cannot be turned.
    mutating func turn(_ id: SettingID, _ on: Bool, _ cause: SettingCause) -> StatusMessage {
        guard let toggle = Settings[id].toggle else { preconditionFailure("\(id) is not an on/off setting") }
        if let refusal = toggle.refusal(self, on, cause) { return refusal }
        overlays.turn(id, on)
        toggle.turned(&self)
        return .setting(id, on: on)
    }

    /// Turns on, on opening, the on/off settings `ids` asks for (in the table's order);
    /// returns what cannot be turned on, and why.
    mutating func turnOn(_ ids: Set<SettingID>) -> [StatusMessage] {
        Settings.table.filter { ids.contains($0.id) && $0.isToggle }.compactMap { setting in
            let said = turn(setting.id, true, .opening)
            return said == .setting(setting.id, on: true) ? nil : said
        }
    }
}
