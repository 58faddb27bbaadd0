// pelab-cli: position encodings from the command line. The contract is docs/cli.md.
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) { return pelab::cli::run(argc, argv, std::cout, std::cerr); }
