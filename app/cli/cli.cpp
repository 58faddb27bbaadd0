// Dispatch: command-name checks, CLI11 parsing, one handler per command, errors to one line.
#include "cli.hpp"

#include "pelab/blas.hpp"

#include <new>
#include <string>
#include <string_view>

#include "command_line.hpp"
#include "commands.hpp"
#include "errors.hpp"
#include "output.hpp"
#include "pelab/types.hpp"
#include "pelab/version.hpp"
#include "resolve.hpp"

namespace pelab::cli {
namespace {

// Messages are one line: newlines (e.g. from a library) become spaces, trailing space goes.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

void dispatch(CommandLine& cl, std::ostream& out, const Renderer& render) {
  if (cl.encode.app->parsed()) {
    reject_extras(*cl.encode.app);
    run_encode(cl.encode);
  } else if (cl.similarity.app->parsed()) {
    reject_extras(*cl.similarity.app);
    run_similarity(cl.similarity);
  } else if (cl.rotation.app->parsed()) {
    reject_extras(*cl.rotation.app);
    run_rotation(cl.rotation);
  } else if (cl.t5_bucket.app->parsed()) {
    reject_extras(*cl.t5_bucket.app);
    run_t5_bucket(cl.t5_bucket);
  } else if (cl.shaw.app->parsed()) {
    reject_extras(*cl.shaw.app);
    run_shaw(cl.shaw);
  } else if (cl.alibi.app->parsed()) {
    reject_extras(*cl.alibi.app);
    run_alibi(cl.alibi);
  } else if (cl.rope.app->parsed()) {
    reject_extras(*cl.rope.app);
    run_rope(cl.rope);
  } else if (cl.rope_frequencies.app->parsed()) {
    reject_extras(*cl.rope_frequencies.app);
    run_rope_frequencies(cl.rope_frequencies, out);
  } else if (cl.rope_check.app->parsed()) {
    reject_extras(*cl.rope_check.app);
    run_rope_check(cl.rope_check, out);
  } else if (cl.check.app->parsed()) {
    reject_extras(*cl.check.app);
    run_check(cl.check, out);
  } else if (cl.render.app->parsed()) {
    reject_extras(*cl.render.app);
    render(cl.render);
  } else {
    throw UsageError("no command given (commands: " + command_list() + "); see 'pelab-cli --help'");
  }
}

int run_checked(int argc, const char* const* argv, std::ostream& out, const Renderer& render) {
  if (argc < 2)
    throw UsageError("no command given (commands: " + command_list() + "); see 'pelab-cli --help'");
  const std::string_view first = argv[1];
  if (first == "--version") {
    out << "pelab-cli " << version() << "\n"
        << "dense products: " << blas_description() << "\n";
    return kExitOk;
  }
  const bool help = first == "-h" || first == "--help";
  if (!help && first.starts_with('-')) {
    throw UsageError("unknown option " + std::string(first) +
                     " (the command comes first: pelab-cli COMMAND [options]; commands: " + command_list() +
                     ")");
  }
  if (!help && !is_command(first)) {
    throw UsageError("unknown command '" + std::string(first) + "' (commands: " + command_list() + ")");
  }

  CommandLine cl;
  try {
    cl.app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    out << cl.app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    const std::string command = help ? std::string() : std::string(first);
    throw UsageError(one_line(e.what()) + " (see 'pelab-cli " + (command.empty() ? "" : command + " ") +
                     "--help')");
  }
  if (help) {  // "--help" followed by something CLI11 did not treat as help
    out << cl.app.help();
    return kExitOk;
  }
  dispatch(cl, out, render);
  return kExitOk;
}

}  // namespace

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, const Renderer& render) {
  // `--out -` writes to `out` for this command only.
  struct StdoutScope {
    std::ostream* previous;
    ~StdoutScope() { set_stdout_stream(previous); }
  } scope{set_stdout_stream(&out)};
  try {
    return run_checked(argc, argv, out, render);
  } catch (const CliError& e) {
    err << "pelab-cli: " << one_line(e.what()) << std::endl;
    return e.exit_code();
  } catch (const pelab::Error& e) {
    err << "pelab-cli: " << one_line(e.what()) << std::endl;
    return kExitRuntime;
  } catch (const std::bad_alloc&) {
    err << "pelab-cli: out of memory; use smaller sizes (or a smaller --max-bytes to be refused early)"
        << std::endl;
    return kExitRuntime;
  } catch (const std::exception& e) {
    err << "pelab-cli: " << one_line(e.what()) << std::endl;
    return kExitRuntime;
  }
}

}  // namespace pelab::cli
