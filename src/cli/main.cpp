#include "src/cli/commands.hpp"

int main(int argc, char** argv)
{
  return tireplay::run_cli(argc, argv);
}
