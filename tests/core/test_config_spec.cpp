// The CONFIG grammar: every key parsed into EncodingParams, exact round trips, and one clear
// one-line error per malformed CONFIG.
#include <catch2/catch.hpp>
#include <cfloat>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "pelab/config_spec.hpp"

using namespace pelab;

namespace {

std::string error_of(std::string_view text) {
  try {
    parse_config_spec(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// The message quotes the CONFIG, names the offending text, and is one line.
void check_refused(const std::string& text, const std::vector<std::string>& parts) {
  INFO("CONFIG: " << text);
  const std::string message = error_of(text);
  INFO("message: " << message);
  CHECK(message != "(no error)");
  CHECK(message.find('\n') == std::string::npos);
  if (text.find_first_of("\n\t\r") == std::string::npos) {
    CHECK(message.rfind("CONFIG '" + text + "': ", 0) == 0);
    // Named once: the grammar's and the value reader's messages alike ("CONFIG 'x': CONFIG 'x': ..."
    // was a bug).
    CHECK(message.find("CONFIG '" + text + "'", 1) == std::string::npos);
  }
  for (const std::string& part : parts) CHECK(message.find(part) != std::string::npos);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

ConfigSpec round_trip(const ConfigSpec& spec) { return parse_config_spec(format_config_spec(spec)); }

}  // namespace

TEST_CASE("config_spec: a bare kind gives the defaults", "[config_spec]") {
  for (EncodingKind kind : all_encoding_kinds()) {
    const ConfigSpec spec = parse_config_spec(to_string(kind));
    ConfigSpec expected;
    expected.encoding.kind = kind;
    CHECK(spec == expected);
    CHECK_FALSE(spec.positions_given);
    CHECK_FALSE(spec.dims_given);
    CHECK(spec.encoding.positions == 64);
    CHECK(spec.encoding.dims == 64);
    CHECK(spec.encoding.base == 10000.0);
    CHECK(format_config_spec(spec) == to_string(kind));
  }
}

TEST_CASE("config_spec: every key sets its field", "[config_spec]") {
  SECTION("positions, dims, base, start, label") {
    const ConfigSpec s = parse_config_spec("sinusoidal:positions=128,dims=32,base=100,start=5,label=my run");
    CHECK(s.encoding.kind == EncodingKind::sinusoidal);
    CHECK(s.encoding.positions == 128);
    CHECK(s.encoding.dims == 32);
    CHECK(s.encoding.base == 100.0);
    CHECK(s.encoding.start == 5);
    CHECK(s.label == "my run");
    CHECK(s.positions_given);
    CHECK(s.dims_given);
    CHECK(s.table.empty());
    CHECK(s.tensor.empty());
    CHECK(s.encoding.sigma == 0.02);
    CHECK(s.encoding.seed == 0);
    CHECK_FALSE(s.encoding.binary_signed);
  }
  SECTION("only positions or only dims") {
    const ConfigSpec p = parse_config_spec("integer:positions=10");
    CHECK(p.positions_given);
    CHECK_FALSE(p.dims_given);
    CHECK(p.encoding.positions == 10);
    CHECK(p.encoding.dims == 64);
    const ConfigSpec d = parse_config_spec("fourier:dims=9");
    CHECK_FALSE(d.positions_given);
    CHECK(d.dims_given);
    CHECK(d.encoding.dims == 9);
    // Giving the default value still counts as given.
    const ConfigSpec both = parse_config_spec("normalized:positions=64,dims=64");
    CHECK(both.positions_given);
    CHECK(both.dims_given);
    CHECK(format_config_spec(both) == "normalized:positions=64,dims=64");
  }
  SECTION("base in the forms pelab-cli accepts") {
    CHECK(parse_config_spec("sinusoidal:base=1e4").encoding.base == 10000.0);
    CHECK(parse_config_spec("sinusoidal:base=10000").encoding.base == 10000.0);
    CHECK(parse_config_spec("sigmoid:base=0.5").encoding.base == 0.5);
    CHECK(parse_config_spec("sigmoid:base=.25").encoding.base == 0.25);
    CHECK(parse_config_spec("sinusoidal-concat:base=+2.5").encoding.base == 2.5);
    CHECK(parse_config_spec("sinusoidal:base=1E-290").encoding.base == 1e-290);
    CHECK(parse_config_spec("sinusoidal:base=10000.5").encoding.base == 10000.5);
  }
  SECTION("integers: optional '+', leading zeros") {
    CHECK(parse_config_spec("integer:positions=+7").encoding.positions == 7);
    CHECK(parse_config_spec("integer:dims=007").encoding.dims == 7);
    CHECK(parse_config_spec("integer:start=0").encoding.start == 0);
    CHECK(parse_config_spec("integer:positions=4503599627370496").encoding.positions ==
          (std::int64_t{1} << 52));
    const ConfigSpec top = parse_config_spec("integer:start=4503599627370495,positions=1");
    CHECK(top.encoding.start == (std::int64_t{1} << 52) - 1);
  }
  SECTION("signed") {
    CHECK(parse_config_spec("binary:signed=true").encoding.binary_signed);
    CHECK(parse_config_spec("binary:signed=1").encoding.binary_signed);
    CHECK_FALSE(parse_config_spec("binary:signed=false").encoding.binary_signed);
    CHECK_FALSE(parse_config_spec("binary:signed=0").encoding.binary_signed);
  }
  SECTION("sigma and seed of the seeded learned table") {
    const ConfigSpec s = parse_config_spec("learned:sigma=0.5,seed=18446744073709551615");
    CHECK(s.encoding.kind == EncodingKind::learned);
    CHECK(s.encoding.sigma == 0.5);
    CHECK(s.encoding.seed == std::numeric_limits<std::uint64_t>::max());
    CHECK(parse_config_spec("learned:sigma=0").encoding.sigma == 0.0);
    CHECK(parse_config_spec("learned:seed=+42").encoding.seed == 42);
  }
  SECTION("table and tensor") {
    const ConfigSpec s = parse_config_spec("learned:table=models/gpt2.safetensors,tensor=wpe.weight");
    CHECK(s.table == "models/gpt2.safetensors");
    CHECK(s.tensor == "wpe.weight");
    CHECK_FALSE(s.positions_given);
    CHECK_FALSE(s.dims_given);
    const ConfigSpec n = parse_config_spec("learned:table=gpt2_wpe_64x768.npy,positions=32,start=8");
    CHECK(n.table == "gpt2_wpe_64x768.npy");
    CHECK(n.encoding.positions == 32);
    CHECK(n.encoding.start == 8);
    // A value is split at its first '=' and may hold ':' and '=' (but never ',').
    const ConfigSpec odd = parse_config_spec("learned:table=C:/runs/a=b.npy");
    CHECK(odd.table == "C:/runs/a=b.npy");
    // A path with spaces inside is kept as written.
    CHECK(parse_config_spec("learned:table=my tables/wpe.npy").table == "my tables/wpe.npy");
  }
  SECTION("label") {
    CHECK(parse_config_spec("integer:label=x").label == "x");
    CHECK(parse_config_spec("integer:label=a=b:c").label == "a=b:c");
    CHECK(parse_config_spec("integer:label=GPT-2 wpe").label == "GPT-2 wpe");
    const std::string sixty_four(64, 'L');
    CHECK(parse_config_spec("integer:label=" + sixty_four).label == sixty_four);
    CHECK(parse_config_spec("integer:label=θ≈π").label == "θ≈π");
  }
  SECTION("keys in any order give the same configuration") {
    CHECK(parse_config_spec("sinusoidal:label=x,base=100,dims=8") ==
          parse_config_spec("sinusoidal:dims=8,base=100,label=x"));
  }
}

TEST_CASE("config_spec: which kinds read which keys (as pelab-cli)", "[config_spec]") {
  for (EncodingKind kind : all_encoding_kinds()) {
    const std::string name(to_string(kind));
    INFO("kind " << name);
    const bool base = kind == EncodingKind::sigmoid || kind == EncodingKind::sinusoidal ||
                      kind == EncodingKind::sinusoidal_concat;
    const bool binary = kind == EncodingKind::binary;
    const bool learned = kind == EncodingKind::learned;
    const auto accepted = [&](const std::string& items) {
      try {
        parse_config_spec(name + ":" + items);
        return true;
      } catch (const Error& e) {
        CHECK(std::string(e.what()).find("does not apply to kind " + name) != std::string::npos);
        return false;
      }
    };
    CHECK(accepted("base=100") == base);
    CHECK(accepted("signed=true") == binary);
    CHECK(accepted("sigma=0.1") == learned);
    CHECK(accepted("seed=7") == learned);
    CHECK(accepted("table=t.npy") == learned);
    CHECK(accepted("table=t.safetensors,tensor=wpe") == learned);
    CHECK(accepted("positions=3,dims=4,start=2,label=ok"));
  }
}

TEST_CASE("config_spec: format writes the shortest CONFIG, keys in a fixed order", "[config_spec]") {
  CHECK(format_config_spec(ConfigSpec{}) == "sinusoidal");
  CHECK(format_config_spec(parse_config_spec("sinusoidal:label=x,base=100,dims=8")) ==
        "sinusoidal:dims=8,base=100,label=x");
  CHECK(format_config_spec(parse_config_spec("sinusoidal:base=1e4")) == "sinusoidal");
  CHECK(format_config_spec(parse_config_spec("sinusoidal:base=+100.0")) == "sinusoidal:base=100");
  CHECK(format_config_spec(parse_config_spec("binary:signed=false")) == "binary");
  CHECK(format_config_spec(parse_config_spec("binary:signed=1")) == "binary:signed=true");
  CHECK(format_config_spec(parse_config_spec("learned:seed=3,sigma=0.25,start=1")) ==
        "learned:start=1,sigma=0.25,seed=3");
  CHECK(format_config_spec(parse_config_spec("learned:label=L,tensor=wpe,table=a.safetensors")) ==
        "learned:table=a.safetensors,tensor=wpe,label=L");
  CHECK(format_config_spec(parse_config_spec("sinusoidal:base=1e-290")) == "sinusoidal:base=1e-290");
}

TEST_CASE("config_spec: format then parse is exact", "[config_spec]") {
  const std::vector<std::string> texts = {
      "integer",
      "integer:positions=1,dims=1",
      "normalized:positions=3,start=2,label=p over N-1",
      "binary:dims=16,signed=true",
      "binary:positions=1024,dims=11,start=4503599627369472",
      "sigmoid:base=2",
      "sigmoid:base=1e-290,dims=5",
      "sinusoidal:base=10000.5",
      "sinusoidal:base=100,positions=2000,dims=1600",
      "sinusoidal:base=0.30000000000000004",
      "sinusoidal:base=1e290",
      "sinusoidal:base=1e-292",
      "sinusoidal-concat:dims=2,base=123.456",
      "learned",
      "learned:sigma=1,seed=18446744073709551615",
      "learned:sigma=0,seed=1",
      "learned:sigma=0.1,positions=9,dims=3,start=4",
      "learned:table=gpt2_wpe_64x768.npy",
      "learned:table=gpt2.safetensors,tensor=transformer.wpe.weight,label=GPT-2",
      "learned:table=a=b.npy,positions=10",
      "fourier:positions=65,dims=12,label=NeRF bands",
  };
  for (const std::string& text : texts) {
    INFO("CONFIG " << text);
    const ConfigSpec spec = parse_config_spec(text);
    const std::string formatted = format_config_spec(spec);
    INFO("formatted " << formatted);
    const ConfigSpec back = parse_config_spec(formatted);
    CHECK(back == spec);
    CHECK(same_bits(back.encoding.base, spec.encoding.base));
    CHECK(same_bits(back.encoding.sigma, spec.encoding.sigma));
    CHECK(format_config_spec(back) == formatted);
  }

  SECTION("specs built in code") {
    ConfigSpec s;
    s.encoding.base = 10000.5;
    CHECK(round_trip(s) == s);
    s.encoding.base = 1e-290;
    CHECK(round_trip(s).encoding.base == 1e-290);
    s.encoding.base = std::nextafter(10000.0, 0.0);
    CHECK(same_bits(round_trip(s).encoding.base, s.encoding.base));
    s.encoding.base = 1e290;
    CHECK(round_trip(s) == s);

    ConfigSpec l;
    l.encoding.kind = EncodingKind::learned;
    l.encoding.seed = std::numeric_limits<std::uint64_t>::max();
    l.encoding.sigma = std::nextafter(0.02, 1.0);
    l.positions_given = true;
    l.encoding.positions = 1;
    l.label = std::string(64, 'x');
    CHECK(round_trip(l) == l);
    CHECK(format_config_spec(l).find("seed=18446744073709551615") != std::string::npos);
  }

  SECTION("random bases and sigmas round-trip bit for bit") {
    std::mt19937_64 bits(20240611);
    int tried = 0;
    while (tried < 2000) {
      const std::uint64_t word = bits();
      double value = 0.0;
      std::memcpy(&value, &word, sizeof value);
      if (!std::isfinite(value)) continue;
      value = std::fabs(value);
      if (!base_range.contains(value)) continue;
      ++tried;
      ConfigSpec s;
      s.encoding.kind = EncodingKind::sigmoid;
      s.encoding.base = value;
      const ConfigSpec back = round_trip(s);
      REQUIRE(same_bits(back.encoding.base, value));
      ConfigSpec l;
      l.encoding.kind = EncodingKind::learned;
      l.encoding.sigma = value;
      l.encoding.seed = word;
      REQUIRE(round_trip(l) == l);
    }
  }
}

TEST_CASE("config_spec: format leaves out what the kind does not read", "[config_spec]") {
  ConfigSpec s;
  s.encoding.kind = EncodingKind::integer;
  s.encoding.base = 100.0;
  s.encoding.binary_signed = true;
  s.encoding.sigma = 3.0;
  s.encoding.seed = 9;
  s.table = "t.npy";
  s.tensor = std::string("w");
  CHECK(format_config_spec(s) == "integer");

  ConfigSpec l;
  l.encoding.kind = EncodingKind::learned;
  l.table = "t.npy";
  l.encoding.sigma = 3.0;  // a loaded table has no sigma or seed
  l.encoding.seed = 9;
  CHECK(format_config_spec(l) == "learned:table=t.npy");
  l.table.clear();
  l.tensor = "wpe";  // no tensor without a table
  CHECK(format_config_spec(l) == "learned:sigma=3,seed=9");

  // Sizes that differ from the defaults are written even when the flags were not set.
  ConfigSpec sized;
  sized.encoding.positions = 100;
  CHECK(format_config_spec(sized) == "sinusoidal:positions=100");
}

TEST_CASE("config_spec: format refuses what CONFIG cannot hold", "[config_spec]") {
  ConfigSpec comma;
  comma.encoding.kind = EncodingKind::learned;
  comma.table = "a,b.npy";
  CHECK_THROWS_WITH(format_config_spec(comma), Catch::Matchers::Contains("table 'a,b.npy' contains ','"));
  ConfigSpec comma_label;
  comma_label.label = "x,y";
  CHECK_THROWS_WITH(format_config_spec(comma_label), Catch::Matchers::Contains("label 'x,y' contains ','"));

  ConfigSpec long_label;
  long_label.label = std::string(65, 'x');
  CHECK_THROWS_WITH(format_config_spec(long_label), Catch::Matchers::Contains("above the limit of 64"));

  ConfigSpec zero;
  zero.encoding.positions = 0;
  CHECK_THROWS_WITH(format_config_spec(zero), Catch::Matchers::Contains("positions=0"));

  ConfigSpec spaced;
  spaced.label = " x";
  CHECK_THROWS_AS(format_config_spec(spaced), Error);
}

TEST_CASE("config_spec: malformed CONFIGs are refused with the text quoted", "[config_spec]") {
  // Overall shape.
  check_refused("", {"empty", "sinusoidal-concat"});
  check_refused(":base=3", {"no kind", "kinds: integer"});
  check_refused("sinusodal", {"unknown kind 'sinusodal'", "kinds: integer, normalized, binary"});
  check_refused("Sinusoidal:base=3", {"unknown kind 'Sinusoidal'"});
  check_refused("sinusoidal:", {"nothing after ':'"});
  check_refused("sinusoidal:,base=3", {"empty item right after ':'"});
  check_refused("sinusoidal:base=3,,dims=4", {"empty item between two ','"});
  check_refused("sinusoidal:base=3,", {"empty item after the last ','"});
  check_refused("sinusoidal: base=3", {"key ' base'", "space"});
  check_refused("sinusoidal :base=3", {"kind 'sinusoidal '", "space"});
  check_refused("sinusoidal:base =3", {"key 'base '", "space"});
  check_refused("sinusoidal:base= 3", {"' 3'", "space"});
  check_refused("sinusoidal:base=3 ", {"'3 '", "space"});
  check_refused("sinusoidal:label= x", {"' x'", "space"});
  check_refused("learned:table=a.npy ", {"'a.npy '", "space"});
  check_refused("sinusoidal:label=a\nb", {"control character", "\\n"});
  check_refused("sinusoidal:base=3\t", {"control character", "\\t"});

  // Keys.
  check_refused("sinusoidal:bsae=3",
                {"unknown key 'bsae'",
                 "(keys: positions, dims, base, start, signed, sigma, seed, table, tensor, label)"});
  check_refused("sinusoidal:Base=3", {"unknown key 'Base'"});
  check_refused("sinusoidal:base", {"key 'base' has no '='"});
  check_refused("sinusoidal:base=", {"key 'base' has no value"});
  check_refused("sinusoidal:=3", {"item '=3' has no key"});
  check_refused("sinusoidal:base=3,base=4", {"base is given twice"});
  check_refused("sinusoidal:dims=3,dims=3", {"dims is given twice"});
  check_refused("integer:base=3",
                {": base does not apply to kind integer", "sigmoid, sinusoidal, sinusoidal-concat"});
  check_refused("fourier:base=3", {": base does not apply to kind fourier"});
  check_refused("sinusoidal:signed=true", {": signed does not apply to kind sinusoidal", "binary"});
  check_refused("binary:sigma=0.1", {": sigma does not apply to kind binary", "learned"});
  check_refused("sinusoidal:seed=1", {": seed does not apply to kind sinusoidal"});
  check_refused("sinusoidal:table=x.npy", {": table does not apply to kind sinusoidal", "learned"});
  check_refused("integer:tensor=wpe", {": tensor does not apply to kind integer"});
  check_refused("learned:table=x.npy,sigma=0.1", {": sigma does not apply with table"});
  check_refused("learned:seed=4,table=x.npy", {": seed does not apply with table"});
  check_refused("learned:tensor=wpe", {": tensor needs table=FILE"});

  // Integers.
  check_refused("sinusoidal:positions=0", {"positions must be at least 1", "(got 0)"});
  check_refused("sinusoidal:positions=-3", {"positions must be at least 1", "(got -3)"});
  check_refused("sinusoidal:positions=4503599627370497",
                {"positions must be at most", "(got 4503599627370497)"});
  check_refused("sinusoidal:dims=0", {"dims must be at least 1", "(got 0)"});
  check_refused("sinusoidal:dims=12x", {"dims: '12x' is not an integer"});
  check_refused("sinusoidal:dims=1.5", {"dims: '1.5' is not an integer"});
  check_refused("sinusoidal:dims=0x10", {"dims: '0x10' is not an integer"});
  check_refused("sinusoidal:dims=1e3", {"dims: '1e3' is not an integer"});
  check_refused("sinusoidal:dims=+-4", {"dims: '+-4' is not an integer"});
  check_refused("sinusoidal:dims=++4", {"dims: '++4' is not an integer"});
  check_refused("sinusoidal:dims=99999999999999999999", {"dims: '99999999999999999999' is out of range"});
  check_refused("sinusoidal:start=-1", {"start must be at least 0", "(got -1)"});
  check_refused("sinusoidal:start=4503599627370496", {"start must be at most", "(got 4503599627370496)"});
  check_refused("sinusoidal:start=4503599627370490",
                {"start + positions must stay at most 2^52", "(got 4503599627370490 + 64)"});
  check_refused("learned:seed=-1", {"seed: '-1' is not a non-negative integer"});
  check_refused("learned:seed=18446744073709551616", {"seed: '18446744073709551616' is out of range"});
  check_refused("learned:seed=1.0", {"seed: '1.0' is not a non-negative integer"});

  // Reals.
  check_refused("sinusoidal:base=abc", {"base: 'abc' is not a number"});
  check_refused("sinusoidal:base=0", {"base must be above 0 (got 0)"});
  check_refused("sinusoidal:base=-100", {"base must be above 0 (got -100)"});
  check_refused("sinusoidal:base=nan", {"base: 'nan' is not a finite number"});
  check_refused("sinusoidal:base=inf", {"base: 'inf' is not a finite number"});
  check_refused("sinusoidal:base=-infinity", {"base: '-infinity' is not a finite number"});
  check_refused("sinusoidal:base=0x1p4", {"base: '0x1p4' is not a number"});
  check_refused("sinusoidal:base=1e400", {"base: '1e400' is out of the range of a double"});
  check_refused("sinusoidal:base=1e-310", {"base must be between 1e-292 and 1e290 (got 1e-310)"});
  check_refused("sinusoidal:base=9.9e-293", {"base must be between 1e-292 and 1e290 (got 9.9e-293)"});
  check_refused("sinusoidal:base=1.0000000000000002e290",
                {"base must be between 1e-292 and 1e290 (got 1.0000000000000002e290)"});
  check_refused("sinusoidal:base=1.7976931348623157e308", {"must be between 1e-292 and 1e290"});
  check_refused("sinusoidal:base=100abc", {"base: '100abc' is not a number"});
  check_refused("sinusoidal:base=1,000", {"'000'"});  // the ',' splits: "000" has no '='
  check_refused("learned:sigma=-0.1", {"sigma must be 0 or more (got -0.1)"});
  check_refused("learned:sigma=NaN", {"sigma: 'NaN' is not a finite number"});

  // signed, label.
  check_refused("binary:signed=yes", {"signed: 'yes' is not true, false, 1 or 0"});
  check_refused("binary:signed=True", {"signed: 'True' is not true, false, 1 or 0"});
  check_refused("binary:signed=2", {"signed: '2'"});
  check_refused("integer:label=" + std::string(65, 'x'), {"label is 65 bytes, above the limit of 64"});
}

TEST_CASE("config_spec: a refusal after parsing names the CONFIG as the grammar does", "[config_spec]") {
  // A front end's own refusal (pelab: a table that does not load) reads like the grammar's.
  CHECK(config_message("learned:table=a.npy", "no such file") ==
        "CONFIG 'learned:table=a.npy': no such file");
  CHECK(config_message("a\tb.npy", "why") == "CONFIG 'a\\tb.npy': why");
  CHECK(error_of("sinusoidal:label=a\nb") ==
        config_message("sinusoidal:label=a\nb",
                       "contains a control character; CONFIG is one line of printable text"));
}

TEST_CASE("config_spec: help names the grammar, every kind and key, and examples that parse",
          "[config_spec]") {
  const std::string help(config_spec_help());
  REQUIRE_FALSE(help.empty());
  CHECK(help.back() == '\n');
  CHECK(help.find("KIND[:KEY=VALUE") != std::string::npos);
  for (EncodingKind kind : all_encoding_kinds()) CHECK(help.find(to_string(kind)) != std::string::npos);
  for (const char* key : {"positions=", "dims=", "base=", "start=", "signed=", "sigma=", "seed=", "table=",
                          "tensor=", "label="}) {
    CHECK(help.find(key) != std::string::npos);
  }
  for (const char* example : {"sinusoidal:base=100", "learned:table=gpt2_wpe_64x768.npy",
                              "sinusoidal:dims=768,positions=64", "binary:signed=true,dims=16,label=bits"}) {
    INFO(example);
    CHECK(help.find(example) != std::string::npos);
    CHECK_NOTHROW(parse_config_spec(example));
  }
}

TEST_CASE("config_spec: a table file's path stands for learned:table=PATH", "[config_spec]") {
  // What a file manager passes for "Open with pelab": absolute, relative, odd case, ':' inside.
  // A model in the local Hugging Face cache (hf:ORG/NAME[@REVISION]) is one too.
  for (const std::string path :
       {"/home/ada/models/gpt2 wpe.npy", "wpe.NPY", "ckpt/model.safetensors", "C:\\tables\\rows.Safetensors",
        "./learned:old.npy", ".npy", "hf:facebook/opt-125m", "hf:gpt2@main"}) {
    INFO(path);
    CHECK(names_table_file(path));
    const ConfigSpec spec = parse_config_spec(path);
    CHECK(spec == parse_config_spec("learned:table=" + path));
    CHECK(spec.encoding.kind == EncodingKind::learned);
    CHECK(spec.table == path);
    CHECK(spec.tensor.empty());
    CHECK_FALSE(spec.positions_given);
    CHECK(format_config_spec(spec) == "learned:table=" + path);
  }
  // A CONFIG with a kind is never a path, whatever it ends in; other extensions are not tables.
  CHECK_FALSE(names_table_file("learned:table=a.npy"));
  CHECK(parse_config_spec("learned:table=a.npy,label=b.npy").label == "b.npy");
  CHECK_FALSE(names_table_file("table.npz"));
  CHECK_FALSE(names_table_file("session.json"));
  CHECK_FALSE(names_table_file("npy"));
  check_refused("table.npz", {"unknown kind 'table.npz'"});
  check_refused("sinusoidal:x.npy", {"unknown key 'x.npy'"});
  // A path is judged as the table value it stands for.
  check_refused("rows,0-63.npy", {"table path cannot contain ','"});
  check_refused(" rows.npy", {"cannot start with a space"});
  check_refused("hf:org/name ", {"cannot end with a space"});  // found by fuzzing the CONFIG reader
  check_refused("rows\n.npy", {"control character"});
}
