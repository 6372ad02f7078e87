use aoc_runner_derive::aoc_lib;
aoc_lib! { year = 2021 }
