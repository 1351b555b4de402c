// The progress line of long commands (cli/progress.hpp): silent unless
// stderr is a terminal (here a fake one), rate-limited, cleared at the end; the ticker of
// commands whose engine has no progress callback.
#include <doctest/doctest.h>

#include <sstream>
#include <thread>

#include "../cli/progress.hpp"

using namespace blockcast::cli;

TEST_CASE("progress line: silent unless enabled, throttled, cleared by finish") {
  std::ostringstream off_out, on_out, slow_out;
  {
    ProgressLine off(off_out, false);
    off.update("searching");
    off.finish();
  }
  CHECK(off_out.str().empty());
  ProgressLine on(on_out, true, std::chrono::milliseconds(0));
  on.update("t=5");
  on.update("t=6");
  CHECK(on.lines_written() == 2);
  on.finish();
  CHECK(on_out.str() == "\rt=5\x1b[K\rt=6\x1b[K\r\x1b[K");
  ProgressLine slow(slow_out, true, std::chrono::hours(1));
  slow.update("first");
  slow.update("dropped");
  CHECK(slow.lines_written() == 1);
}

TEST_CASE("progress ticker: elapsed seconds of the time limit, nothing when not a terminal") {
  CHECK(ticker_text("solve L=4 P=1000", 3.2, 0) == "solve L=4 P=1000, 3 s");
  CHECK(ticker_text("table", 12.6, 30) == "table, 13 s of 30 s");
  std::ostringstream off_out, on_out;
  {
    ProgressLine off(off_out, false, std::chrono::milliseconds(0));
    Ticker t(off, "searching", 0, std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(off_out.str().empty());
  {
    ProgressLine on(on_out, true, std::chrono::milliseconds(0));
    Ticker t(on, "searching", 5, std::chrono::milliseconds(1));
    while (on.lines_written() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    t.set("period 3");
    const auto n = on.lines_written();
    while (on.lines_written() < n + 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::string s = on_out.str();
  CHECK(s.rfind("\rsearching, ", 0) == 0);
  CHECK(s.find(" s of 5 s\x1b[K") != std::string::npos);
  CHECK(s.find("\rperiod 3, ") != std::string::npos);
  CHECK(s.size() >= 4);
  CHECK(s.substr(s.size() - 4) == "\r\x1b[K");  // cleared at the end
}
