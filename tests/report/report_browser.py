#!/usr/bin/env python3
"""Opens an `arena report` folder from file:// in headless Chromium and checks what it shows.

  report_browser.py --report DIR --results results.json --record game.json --game N
                    --screenshots DIR [--chromium PATH] [--chromedriver PATH]

`--record` is game N's GameRecord in protobuf's JSON mapping (field names as in records.proto),
written by the GoogleTest from the records file, so the cards shown are checked against the
record and not against the report's own data. Prints one "OK ..." line per check and "PASS" at
the end; a failed check prints "FAIL ..." and exits 1. Run by tests/report/report_browser_test.cc.
"""
import argparse
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


def fail(message):
    print("FAIL " + message, flush=True)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def cards(bits):
    bits = int(bits)
    return [card for card in range(64) if bits >> card & 1]


def browser(args):
    options = Options()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,1000"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(args.chromedriver), options=options)


def wait_for(driver, attribute, value=None, timeout=20):
    def ready(d):
        got = d.find_element(By.TAG_NAME, "body").get_attribute(attribute)
        return got if got and (value is None or got == value) else False
    try:
        return WebDriverWait(driver, timeout).until(ready)
    except Exception:
        fail(f"the page never set body[{attribute}] (browser log: {driver.get_log('browser')})")


def check_leaderboard(driver, results):
    rows = driver.find_elements(By.CSS_SELECTOR, "table.leaderboard[data-entrant=bot] tr[data-name]")
    standings = results["standings"]
    check(len(rows) == len(standings), f"{len(rows)} leaderboard rows, results.json has {len(standings)}")
    for row, s in zip(rows, standings):
        cell = lambda name: row.find_element(By.CSS_SELECTOR, "td." + name).text
        expected = {"place": str(s["place"]), "name": s["bot"], "games": str(s["games"]),
                    "ppd": f"{s['points_per_deal']['mean']:.2f}",
                    "win": f"{100 * s['win_rate']:.1f}", "rating": f"{s['rating']['mean']:.0f}",
                    "violations": str(s["violations"]["total"]),
                    "runs-as": s.get("runs_as", "–")}
        for name, value in expected.items():
            check(cell(name) == value, f"leaderboard row {s['place']}: {name} shows "
                  f"{cell(name)!r}, results.json says {value!r}")
        trueskill = f"{s['trueskill']['mu']:.2f} ± {s['trueskill']['sigma']:.2f}"
        check(cell("trueskill") == trueskill, f"row {s['place']}: TrueSkill {cell('trueskill')!r}")
    print(f"OK leaderboard: {len(rows)} rows match results.json", flush=True)


def check_game_list(driver, results):
    total = results["games"]
    count = driver.find_element(By.ID, "game-count").text
    check(count == f"{total} of {total} games", f"game count shows {count!r}")
    bot = results["standings"][-1]["bot"]
    Select(driver.find_element(By.ID, "game-filter")).select_by_visible_text(
        next(o.text for o in driver.find_elements(By.CSS_SELECTOR, "#game-filter option")
             if o.text.startswith(bot + " ")))
    rows = driver.find_elements(By.CSS_SELECTOR, "#games tr[data-game]")
    check(rows and all(bot in r.text for r in rows), f"filtering by {bot} shows other games")
    Select(driver.find_element(By.ID, "game-filter")).select_by_index(0)
    search = driver.find_element(By.ID, "game-search")
    search.send_keys("2")
    numbers = [r.get_attribute("data-game") for r in
               driver.find_elements(By.CSS_SELECTOR, "#games tr[data-game]")]
    check(numbers and all(n.startswith("2") for n in numbers), f"search 2 shows games {numbers}")
    search.clear()
    search.send_keys(Keys.BACKSPACE)
    print(f"OK game list: {total} games, filter by {bot}, search by number", flush=True)


def shown_hands(driver, n):
    hands = []
    for seat in range(n):
        box = driver.find_element(By.CSS_SELECTOR, f"#table .seat[data-seat='{seat}'] .hand")
        hands.append(sorted(int(c.get_attribute("data-card"))
                            for c in box.find_elements(By.CSS_SELECTOR, ".card")))
    return hands


def shown_trick(driver):
    return [(int(t.get_attribute("data-seat")),
             int(t.find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card")))
            for t in driver.find_elements(By.CSS_SELECTOR, "#table .trick-card")]


def hands_after_pass(deal, n):
    hands = [cards(h) for h in deal["hands"]]
    plan = deal["pass_plan"]
    if plan["kind"] != "OFFSET":
        return hands
    for p in deal["passes"]:
        for card in p["cards"]:
            hands[p["seat"]].remove(card)
            hands[(p["seat"] + plan["offset"]) % n].append(card)
    return [sorted(h) for h in hands]


def step_through_deal(driver, record):
    n = len(record["seat_bots"])
    deal = record["deals"][0]
    check(shown_hands(driver, n) == [cards(h) for h in deal["hands"]],
          "the hands shown are not the hands dealt")
    body = driver.find_element(By.TAG_NAME, "body")
    if deal["pass_plan"]["kind"] != "HOLD":
        body.send_keys(Keys.ARROW_RIGHT)
        check(shown_hands(driver, n) == hands_after_pass(deal, n),
              "the hands after the pass are not the hands dealt less the cards passed plus those received")
        arrows = driver.find_elements(By.CSS_SELECTOR, "#table svg.arrows line")
        check(len(arrows) == n, f"{len(arrows)} pass arrows for {n} seats")
    hands = hands_after_pass(deal, n)
    trick = []
    for index, play in enumerate(deal["plays"]):
        # Alternate the keyboard and the button: both must step.
        if index % 2:
            driver.find_element(By.ID, "next").click()
        else:
            body.send_keys(Keys.ARROW_RIGHT)
        if len(trick) == n:
            trick = []
        trick.append((play["seat"], play["card"]))
        hands[play["seat"]].remove(play["card"])
        check(shown_trick(driver) == trick, f"play {index + 1}: the trick shows {shown_trick(driver)}, "
              f"the record {trick}")
        check(shown_hands(driver, n) == hands, f"play {index + 1}: the hands shown differ from the record")
    body.send_keys(Keys.ARROW_RIGHT)
    row = driver.find_elements(By.CSS_SELECTOR, "#deal-info tr.scores-after td")
    shown = [int(c.text) for c in row]
    check(shown == deal["scores_after"], f"scores after deal 1 show {shown}, the record {deal['scores_after']}")
    body.send_keys(Keys.ARROW_LEFT)
    check(len(shown_trick(driver)) == n, "stepping back from the deal's end does not show the last trick")
    print(f"OK replay: deal 1 stepped through its {len(deal['plays'])} cards, hands, tricks and "
          "scores match the record", flush=True)


def check_deep_link(driver, url, record, game):
    n = len(record["seat_bots"])
    deal = record["deals"][1]
    driver.get("about:blank")
    driver.get(url + f"#game={game}&deal=2&trick=5")
    wait_for(driver, "data-replay", str(game))
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "table").get_attribute("data-deal") == "2")
    text = driver.find_element(By.ID, "step-text").text
    check("Deal 2" in text and "trick 5" in text, f"the deep link shows {text!r}")
    expected = [(p["seat"], p["card"]) for p in deal["plays"][4 * n:5 * n]]
    check(shown_trick(driver) == expected, f"the deep link's trick shows {shown_trick(driver)}, "
          f"the record {expected}")
    check("trick=5" in driver.execute_script("return location.hash"), "the link's hash was lost")
    print("OK deep link: #game=%d&deal=2&trick=5 shows that trick" % game, flush=True)


def main():
    parser = argparse.ArgumentParser()
    for name in ("report", "results", "record", "game", "screenshots"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    results = json.load(open(args.results))
    record = json.load(open(args.record))
    url = "file://" + os.path.abspath(os.path.join(args.report, "index.html"))
    driver = browser(args)
    try:
        start = time.monotonic()
        driver.get(url)
        wait_for(driver, "data-games-loaded")
        print(f"OK opened {url} in {time.monotonic() - start:.2f} s", flush=True)
        check_leaderboard(driver, results)
        check_game_list(driver, results)
        os.makedirs(args.screenshots, exist_ok=True)
        driver.save_screenshot(os.path.join(args.screenshots, "report-overview.png"))
        driver.get(url + f"#game={args.game}&deal=1")
        wait_for(driver, "data-replay", args.game)
        step_through_deal(driver, record)
        check_deep_link(driver, url, record, int(args.game))
        driver.save_screenshot(os.path.join(args.screenshots, "report-replay.png"))
        driver.set_window_size(390, 844)  # a phone
        time.sleep(0.5)  # the resize re-renders the table
        driver.save_screenshot(os.path.join(args.screenshots, "report-replay-phone.png"))
        print("SCREENSHOTS " + args.screenshots, flush=True)
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not errors, f"the browser logged errors: {errors}")
    finally:
        driver.quit()
    print("PASS", flush=True)


if __name__ == "__main__":
    main()
