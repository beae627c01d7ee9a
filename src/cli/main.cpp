#include "src/cli/commands.hpp"
#include "src/trace/interruption.hpp"

int main(int argc, char** argv)
{
  tireplay::exit_130_on_interruption();
  tireplay::exit_2_on_abort();
  return tireplay::run_cli(argc, argv);
}
