"""The authoritative game server: lobby, storage, bots and the browser client's API."""
