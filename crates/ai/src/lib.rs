//! Computer Pinochle players. Each decision is made from a seat's `PlayerView` only.

pub mod rng;
pub mod solver;
