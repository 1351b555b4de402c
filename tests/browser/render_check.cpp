// Renders an HTML report in headless Chromium and checks what a person would see:
// no console error or uncaught exception, no resource that failed to load, no broken <img>,
// no inline <svg> of zero size, and a page that is not empty. Writes a PNG screenshot of
// the whole page for a person to look at.
//
// Talks the Chrome DevTools Protocol over --remote-debugging-pipe (fd 3: commands to the
// browser, fd 4: replies and events; NUL-separated JSON), so nothing but Debian's
// `chromium` is needed: no driver, no npm, no network.
//
// usage: blockcast_render_check CHROMIUM PAGE.html OUT.png [MIN_IMAGES [SHOT_HEIGHT]]
// (SHOT_HEIGHT: pixels of the page top in the PNG, default the whole page up to 8000).
// exit 0 = page fine, 1 = a check failed (each problem on its own line), 2 = usage or I/O,
// 3 = the browser did not answer in time.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kTimeoutSeconds = 60;
constexpr int kPageWidth = 1200;
constexpr int kMaxShotHeight = 8000;  // pixels; longer pages are cut (the check covers all)

struct Failure {
  int code;
  std::string what;
};

std::string base64_decode(const std::string& in) {
  auto val = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  int bits = 0, acc = 0;
  for (char c : in) {
    const int v = val(c);
    if (v < 0) continue;  // '=' padding, line breaks
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xff);
    }
  }
  return out;
}

class Browser {
 public:
  Browser(const std::string& chromium, const fs::path& profile, const fs::path& log) {
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) throw Failure{2, "pipe failed"};
    pid_ = fork();
    if (pid_ < 0) throw Failure{2, "fork failed"};
    if (pid_ == 0) {
      // Child: fd 3 reads commands, fd 4 writes replies; browser chatter goes to the log.
      const int logfd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (logfd >= 0) {
        dup2(logfd, 1);
        dup2(logfd, 2);
      }
      dup2(to[0], 3);
      dup2(from[1], 4);
      for (int fd : {to[0], to[1], from[0], from[1]})
        if (fd > 4) close(fd);
      const std::string user = "--user-data-dir=" + profile.string();
      // --no-sandbox: the tests may run as root (CI containers), where the sandbox refuses.
      std::vector<const char*> argv{chromium.c_str(), "--headless", "--no-sandbox", "--disable-gpu",
                                    "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
                                    "--disable-extensions", "--hide-scrollbars", user.c_str(), "about:blank", nullptr};
      execv(chromium.c_str(), const_cast<char* const*>(argv.data()));
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    out_ = to[1];
    in_ = from[0];
    signal(SIGPIPE, SIG_IGN);
    deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(kTimeoutSeconds);
  }
  ~Browser() {
    close(out_);
    close(in_);
    if (pid_ > 0) {
      for (int i = 0; i < 50; ++i) {  // up to 5 s for Browser.close to take effect
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
        usleep(100'000);
      }
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  // Sends a command and waits for its reply; events seen meanwhile go to `events`.
  json call(const std::string& method, json params = json::object(), const std::string& session = "") {
    const int id = ++next_id_;
    json msg = {{"id", id}, {"method", method}, {"params", std::move(params)}};
    if (!session.empty()) msg["sessionId"] = session;
    std::string text = msg.dump();
    text.push_back('\0');
    for (size_t done = 0; done < text.size();) {
      const ssize_t n = write(out_, text.data() + done, text.size() - done);
      if (n <= 0) throw Failure{3, "browser closed its command pipe (" + method + ")"};
      done += static_cast<size_t>(n);
    }
    for (;;) {
      json m = next();
      if (m.contains("id") && m["id"] == id) {
        if (m.contains("error")) throw Failure{2, method + ": " + m["error"].dump()};
        return m.value("result", json::object());
      }
      events.push_back(std::move(m));
    }
  }

  // Waits for an event named `method` (already seen or still to come).
  json wait_event(const std::string& method) {
    for (size_t i = 0;; ++i) {
      while (i >= events.size()) events.push_back(next());
      if (events[i].value("method", "") == method) return events[i];
    }
  }

  std::vector<json> events;

 private:
  json next() {
    for (;;) {
      const auto nul = buffer_.find('\0');
      if (nul != std::string::npos) {
        std::string one = buffer_.substr(0, nul);
        buffer_.erase(0, nul + 1);
        return json::parse(one);
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
      if (left.count() <= 0) throw Failure{3, "the browser did not answer within " + std::to_string(kTimeoutSeconds) + " s"};
      pollfd p{in_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buf[65536];
      const ssize_t n = read(in_, buf, sizeof buf);
      if (n <= 0) throw Failure{3, "the browser exited (see its log)"};
      buffer_.append(buf, static_cast<size_t>(n));
    }
  }

  pid_t pid_ = -1;
  int out_ = -1, in_ = -1, next_id_ = 0;
  std::string buffer_;
  std::chrono::steady_clock::time_point deadline_;
};

// What the page shows, measured inside the page after the load event.
const char* const kMeasure = R"JS(JSON.stringify({
  images: document.images.length,
  broken: Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src')),
  svgs: document.querySelectorAll('body svg').length,
  emptySvgs: Array.from(document.querySelectorAll('body svg')).filter(s => { const r = s.getBoundingClientRect(); return r.width < 1 || r.height < 1; }).length,
  text: (document.body ? document.body.innerText.trim().length : 0),
  height: Math.ceil(document.documentElement.scrollHeight)
}))JS";

std::vector<std::string> problems_in(const std::vector<json>& events, const std::string& session) {
  std::vector<std::string> out;
  std::map<std::string, std::string> urls;  // requestId -> URL
  for (const auto& e : events) {
    if (e.value("sessionId", "") != session) continue;
    const std::string m = e.value("method", "");
    const json& p = e.contains("params") ? e["params"] : json::object();
    if (m == "Network.requestWillBeSent") urls[p.value("requestId", "")] = p["request"].value("url", "");
    if (m == "Runtime.consoleAPICalled" && (p.value("type", "") == "error" || p.value("type", "") == "assert")) {
      std::string text;
      for (const auto& a : p["args"]) text += (text.empty() ? "" : " ") + (a.contains("value") ? a["value"].dump() : a.value("description", "?"));
      out.push_back("console error: " + text);
    }
    if (m == "Runtime.exceptionThrown") out.push_back("uncaught exception: " + p["exceptionDetails"].value("text", "?"));
    if (m == "Log.entryAdded" && p["entry"].value("level", "") == "error")
      out.push_back("console error: " + p["entry"].value("text", "?") + " " + p["entry"].value("url", ""));
    if (m == "Network.loadingFailed")
      out.push_back("failed to load " + urls[p.value("requestId", "")] + ": " + p.value("errorText", "?"));
  }
  return out;
}

void render(Browser& b, const fs::path& page, const fs::path& png, long min_images, long shot_height, json& measured,
            std::vector<std::string>& problems);
int report(const fs::path& page, const fs::path& png, const json& measured, const std::vector<std::string>& problems);

int run(int argc, char** argv) {
  if (argc < 4 || argc > 6)
    throw Failure{2, "usage: blockcast_render_check CHROMIUM PAGE.html OUT.png [MIN_IMAGES [SHOT_HEIGHT]]"};
  const std::string chromium = argv[1];
  const fs::path page = fs::absolute(argv[2]), png = fs::absolute(argv[3]);
  const long min_images = argc >= 5 ? std::strtol(argv[4], nullptr, 10) : 0;
  const long shot_height = argc >= 6 ? std::strtol(argv[5], nullptr, 10) : kMaxShotHeight;
  if (!fs::is_regular_file(page)) throw Failure{2, "no page " + page.string()};
  const fs::path work = png.string() + ".chromium";
  fs::remove_all(work);
  fs::create_directories(work / "profile");

  json measured;
  std::vector<std::string> problems;
  {
    Browser b(chromium, work / "profile", work / "browser.log");
    render(b, page, png, min_images, shot_height, measured, problems);
  }  // the browser has exited: its profile can go (browser.log stays for a failing run)
  std::error_code ec;
  fs::remove_all(work / "profile", ec);
  return report(page, png, measured, problems);
}

void render(Browser& b, const fs::path& page, const fs::path& png, long min_images, long shot_height, json& measured,
            std::vector<std::string>& problems) {
  const std::string target = b.call("Target.createTarget", {{"url", "about:blank"}})["targetId"];
  const std::string session = b.call("Target.attachToTarget", {{"targetId", target}, {"flatten", true}})["sessionId"];
  for (const char* domain : {"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"}) b.call(domain, json::object(), session);
  b.call("Emulation.setDeviceMetricsOverride",
         {{"width", kPageWidth}, {"height", 900}, {"deviceScaleFactor", 1}, {"mobile", false}}, session);
  const json nav = b.call("Page.navigate", {{"url", "file://" + page.string()}}, session);
  if (nav.contains("errorText")) throw Failure{1, "navigation failed: " + nav["errorText"].get<std::string>()};
  b.wait_event("Page.loadEventFired");
  measured = json::parse(
      b.call("Runtime.evaluate", {{"expression", kMeasure}, {"returnByValue", true}}, session)["result"].value("value", "{}"));

  problems = problems_in(b.events, session);
  for (const auto& src : measured.value("broken", json::array())) problems.push_back("broken image: " + src.dump());
  if (measured.value("emptySvgs", 0) > 0) problems.push_back(std::to_string(measured.value("emptySvgs", 0)) + " inline svg of zero size");
  if (measured.value("text", 0) < 20 || measured.value("height", 0) < 50) problems.push_back("the page is empty");
  if (measured.value("images", 0) + measured.value("svgs", 0) < min_images)
    problems.push_back("only " + std::to_string(measured.value("images", 0)) + " images and " +
                       std::to_string(measured.value("svgs", 0)) + " inline svg, expected at least " + std::to_string(min_images));

  const int height = static_cast<int>(std::clamp<long>(std::min<long>(measured.value("height", 900), shot_height), 100, kMaxShotHeight));
  const json shot = b.call("Page.captureScreenshot",
                           {{"format", "png"}, {"captureBeyondViewport", true},
                            {"clip", {{"x", 0}, {"y", 0}, {"width", kPageWidth}, {"height", height}, {"scale", 1}}}},
                           session);
  std::ofstream(png, std::ios::binary) << base64_decode(shot.value("data", ""));
  try {
    b.call("Browser.close");
  } catch (const Failure&) {  // the browser may close the pipe before it replies
  }
}

int report(const fs::path& page, const fs::path& png, const json& measured, const std::vector<std::string>& problems) {
  std::cout << page.string() << ": " << measured.value("images", 0) << " images, " << measured.value("svgs", 0)
            << " inline svg, " << measured.value("text", 0) << " characters of text, " << measured.value("height", 0)
            << " px high; screenshot " << png.string() << " (" << fs::file_size(png) << " bytes)\n";
  for (const auto& p : problems) std::cout << "PROBLEM: " << p << "\n";
  return problems.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Failure& f) {
    std::cout << "render_check: " << f.what << "\n";
    return f.code;
  } catch (const std::exception& e) {
    std::cout << "render_check: " << e.what() << "\n";
    return 2;
  }
}
