"""Game records: save files, replay, readable logs."""
