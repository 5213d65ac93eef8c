//! Nothing here: the benchmark is `benches/peer.rs`.
