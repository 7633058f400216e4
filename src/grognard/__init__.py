"""grognard: one engine for four strategic board wargames."""
