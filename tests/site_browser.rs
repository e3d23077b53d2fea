//! End-to-end tests of the static site (`gamecert site`) in headless
//! Chromium, driven through chromedriver (WebDriver). Each test builds the
//! site from the committed certificates, opens the pages from disk
//! (file://, as a reader would), plays scripted games by clicks and keys,
//! and saves a screenshot under target/site-screenshots/.
//!
//! Needs /usr/bin/chromium and /usr/bin/chromedriver (Debian's `chromium`
//! and `chromium-driver`; `.ci/run` installs them). Without them every test
//! here prints a loud SKIPPED message and passes.

use fantoccini::{Client, ClientBuilder, Locator};
use gamecert::snaky::play::{play_table, BreakerKind, PlayOptions};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One browser at a time: the machine is small, and each test owns its
/// chromedriver and profile.
static BROWSER: Mutex<()> = Mutex::new(());

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn browser_missing() -> bool {
    let missing = !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists();
    if missing {
        eprintln!(
            "\n==============================================================\n\
             SKIPPED: site browser tests need {CHROMIUM} and {CHROMEDRIVER}\n\
             (apt-get install -y chromium chromium-driver; .ci/run does it)\n\
             ==============================================================\n"
        );
    }
    missing
}

/// Build the site from the committed certificates into target/NAME.
fn build_site(name: &str) -> PathBuf {
    let out = root().join("target").join(name);
    let _ = std::fs::remove_dir_all(&out);
    let files = gamecert::site::build(&root(), |_| {}).expect("the site builds");
    gamecert::site::write(&out, &files).expect("the site is written");
    out
}

fn page_url(site: &Path, page: &str) -> String {
    format!("file://{}", site.join(page).display())
}

struct Driver {
    process: Child,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Start chromedriver on a free port and open a fresh headless session.
async fn open_browser(test: &str) -> (Driver, Client) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let process = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let profile = root().join("target").join(format!("site-profile-{test}"));
    let _ = std::fs::remove_dir_all(&profile);
    let driver = Driver { process, profile };
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1200,1400",
                format!("--user-data-dir={}", driver.profile.display()),
            ],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    for _ in 0..100 {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let session = ClientBuilder::new(connector)
            .capabilities(capabilities.clone())
            .connect(&url)
            .await;
        if let Ok(client) = session {
            return (driver, client);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver on port {port} did not open a session");
}

/// Run `body` against a fresh browser, one test at a time.
fn with_browser<F>(test: &str, body: impl FnOnce(Client) -> F)
where
    F: std::future::Future<Output = ()>,
{
    if browser_missing() {
        return;
    }
    let _one_at_a_time = BROWSER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (_driver, client) = open_browser(test).await;
        body(client.clone()).await;
        let _ = client.close().await;
    });
}

async fn screenshot(client: &Client, name: &str) {
    let dir = root().join("target").join("site-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot written");
}

/// A screenshot of one element (for the small pictures in docs/images/).
async fn element_screenshot(client: &Client, css: &str, name: &str) {
    let dir = root().join("target").join("site-screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot directory");
    let element = client.find(Locator::Css(css)).await.expect(css);
    let png = element.screenshot().await.expect("an element screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot written");
}

async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect(script)
}

/// Wait until `script` (an expression) is truthy: data files load
/// asynchronously by script tags.
async fn wait_for(client: &Client, expression: &str) {
    for _ in 0..200 {
        if js(client, &format!("return !!({expression});")).await == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {expression}");
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|error| panic!("{css}: {error}"))
        .click()
        .await
        .unwrap_or_else(|error| panic!("click {css}: {error}"));
}

/// Maker's moves in the page's move list, as "x,y".
async fn maker_moves(client: &Client) -> Vec<String> {
    let value = js(
        client,
        "return [...document.querySelectorAll('#moves li')].map(li => li.dataset.maker);",
    )
    .await;
    serde_json::from_value(value).expect("a list of cells")
}

/// The producer's own game (src/snaky/play.rs) on the pinned table.
fn producer_game(breaker: BreakerKind, replies: &str) -> Vec<String> {
    let table = std::fs::read(root().join("certificates/sources/snaky21-cards.txt")).unwrap();
    let options = PlayOptions {
        breaker,
        replies: gamecert::snaky::play::parse_replies(replies).unwrap(),
        ..PlayOptions::default()
    };
    let report = play_table(&table, &options).expect("the pinned table plays");
    let game = report.game.expect("one game");
    game.maker_moves
        .iter()
        .map(|c| format!("{},{}", c.x, c.y))
        .collect()
}

async fn open_snaky(client: &Client, site: &Path) {
    client.goto(&page_url(site, "snaky.html")).await.unwrap();
    wait_for(client, "document.querySelector('#moves li')").await;
}

#[test]
fn snaky_answers_the_papers_example_from_the_certificate() {
    let site = build_site("site-test-snaky-example");
    with_browser("snaky-example", |client| async move {
        open_snaky(&client, &site).await;
        click(&client, "#board rect[data-x='7'][data-y='8']").await;
        click(&client, "#board rect[data-x='8'][data-y='6']").await;
        let page = maker_moves(&client).await;
        // The page plays from the certificate's node records; the producer
        // plays from the table by its own code: they must agree.
        assert_eq!(page, producer_game(BreakerKind::Far, "7,8 8,6")[..3]);
        // The paper's worked example: Maker answers (8,7), then (11,8).
        assert_eq!(page, ["8,8", "8,7", "11,8"]);
        screenshot(&client, "snaky-example").await;
        // The far Breaker takes over: the whole game is the producer's.
        let mode = client.find(Locator::Id("mode")).await.unwrap();
        mode.select_by_value("far").await.unwrap();
        click(&client, "#autoplay").await;
        assert_eq!(
            maker_moves(&client).await,
            producer_game(BreakerKind::Far, "7,8 8,6")
        );
        // Random Breakers (in the envelope) lose within the bound too.
        mode.select_by_value("random").await.unwrap();
        for _ in 0..20 {
            click(&client, "#new-game").await;
            click(&client, "#autoplay").await;
            let status = js(
                &client,
                "return document.getElementById('status').textContent;",
            )
            .await;
            let moves = maker_moves(&client).await.len();
            assert!(
                status.as_str().unwrap().starts_with("Maker won") && moves <= 21,
                "{status}"
            );
        }
    });
}

#[test]
fn snaky_computer_breaker_loses_at_makers_last_move_within_the_bound() {
    let site = build_site("site-test-snaky-computer");
    with_browser("snaky-computer", |client| async move {
        open_snaky(&client, &site).await;
        client
            .find(Locator::Css("#mode"))
            .await
            .unwrap()
            .select_by_value("computer")
            .await
            .unwrap();
        click(&client, "#autoplay").await;
        let page = maker_moves(&client).await;
        let producer = producer_game(BreakerKind::Computer, "");
        assert_eq!(
            page, producer,
            "the page's game differs from the producer's"
        );
        let bound = js(&client, "return GAMECERT_DATA.snaky21.bound;").await;
        assert_eq!(
            json!(page.len()),
            bound,
            "computer Breaker: Maker wins at the bound"
        );
        let status = client.find(Locator::Id("status")).await.unwrap();
        let text = status.text().await.unwrap();
        assert!(text.contains("Maker won with its 21st move"), "{text}");
        screenshot(&client, "snaky-computer").await;
        element_screenshot(&client, "#board", "snaky-board").await;
        // Undo takes back Breaker's last reply and Maker's answer to it.
        click(&client, "#undo").await;
        assert_eq!(maker_moves(&client).await, page[..page.len() - 1]);
        // Keyboard: a new game, the cursor moved left from (8,9), Enter claims (7,9).
        click(&client, "#new-game").await;
        js(&client, "document.getElementById('board').focus();").await;
        let keys = format!(
            "{}{}",
            char::from(fantoccini::key::Key::Left),
            char::from(fantoccini::key::Key::Enter)
        );
        client
            .active_element()
            .await
            .unwrap()
            .send_keys(&keys)
            .await
            .unwrap();
        let breaker = js(
            &client,
            "return document.querySelector('#moves li').dataset.breaker;",
        )
        .await;
        assert_eq!(breaker, json!("7,9"));
    });
}

#[test]
fn snaky_card_browser_draws_a_card() {
    let site = build_site("site-test-snaky-cards");
    with_browser("snaky-cards", |client| async move {
        open_snaky(&client, &site).await;
        let info = client.find(Locator::Id("card-info")).await.unwrap();
        let text = info.text().await.unwrap();
        // Card 6 as the certificate records it.
        let certificate: Value = serde_json::from_str(
            &std::fs::read_to_string(root().join("certificates/snaky21.json")).unwrap(),
        )
        .unwrap();
        let six = &certificate["nodes"][0];
        assert_eq!(six["card"], json!(6));
        let expected = format!(
            "Card 6: pivot ({},{}), |A| = {}, |T| = {}, height {}",
            six["pivot"][0],
            six["pivot"][1],
            six["required"].as_array().unwrap().len(),
            six["envelope"].as_array().unwrap().len(),
            six["height"]
        );
        assert!(text.contains(&expected), "{text}\nexpected {expected}");
        let diamonds = js(
            &client,
            "return document.querySelectorAll('#card .completing').length;",
        )
        .await;
        assert_eq!(diamonds, json!(2), "card 6 has two base-card children");
        js(
            &client,
            "document.getElementById('cards').scrollIntoView();",
        )
        .await;
        screenshot(&client, "snaky-card").await;
    });
}

/// Play `games` games against the table by clicking random empty cells;
/// return the results ("X", "O" or "draw").
async fn random_games(client: &Client, games: usize) -> Vec<String> {
    let value = js(
        client,
        &format!(
            "const results = [];
             for (let g = 0; g < {games}; g++) {{
               document.getElementById('new-game').click();
               for (let i = 0; i < 100 && !document.getElementById('status').dataset.result; i++) {{
                 const free = [...document.querySelectorAll('#grid button')].filter(b => b.textContent === '');
                 free[Math.floor(Math.random() * free.length)].click();
               }}
               results.push(document.getElementById('status').dataset.result);
             }}
             return results;"
        ),
    )
    .await;
    serde_json::from_value(value).expect("results")
}

#[test]
fn tictactoe_tables_never_lose_against_random_opponents() {
    let site = build_site("site-test-tictactoe");
    with_browser("tictactoe", |client| async move {
        client
            .goto(&page_url(&site, "tictactoe.html"))
            .await
            .unwrap();
        wait_for(&client, "document.querySelector('#grid button')").await;
        let side = client.find(Locator::Id("side")).await.unwrap();
        // The reader (random) plays O against X's table, then X against O's.
        side.select_by_value("O").await.unwrap();
        let against_x_table = random_games(&client, 100).await;
        assert_eq!(against_x_table.len(), 100);
        assert!(
            against_x_table.iter().all(|r| r == "X" || r == "draw"),
            "{against_x_table:?}"
        );
        side.select_by_value("X").await.unwrap();
        let against_o_table = random_games(&client, 100).await;
        assert!(
            against_o_table.iter().all(|r| r == "O" || r == "draw"),
            "{against_o_table:?}"
        );
        click(&client, "#new-game").await;
        click(&client, "#grid button[data-cell='1']").await;
        screenshot(&client, "tictactoe").await;
        // 3x4, k=3: X wins with best play, so X's table wins every game.
        client
            .find(Locator::Id("board-choice"))
            .await
            .unwrap()
            .select_by_value("tictactoe-3x4k3")
            .await
            .unwrap();
        wait_for(
            &client,
            "document.querySelectorAll('#grid button').length === 12",
        )
        .await;
        let won = random_games(&client, 20).await;
        assert!(won.iter().all(|r| r == "X"), "{won:?}");
        // 4x4, k=4 (a draw): X's table of 6,193 positions never loses.
        client
            .find(Locator::Id("board-choice"))
            .await
            .unwrap()
            .select_by_value("tictactoe-4x4k4")
            .await
            .unwrap();
        wait_for(
            &client,
            "document.querySelectorAll('#grid button').length === 16",
        )
        .await;
        side.select_by_value("O").await.unwrap();
        let held = random_games(&client, 20).await;
        assert!(held.iter().all(|r| r == "X" || r == "draw"), "{held:?}");
        element_screenshot(&client, "main", "tictactoe-4x4").await;
    });
}

#[test]
fn chess1d_perfect_white_mates_at_the_certified_ply() {
    let site = build_site("site-test-chess1d");
    let certificate: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("certificates/chess1d.json")).unwrap(),
    )
    .unwrap();
    let plies = certificate["plies_to_mate"].clone();
    with_browser("chess1d", |client| async move {
        client.goto(&page_url(&site, "chess1d.html")).await.unwrap();
        wait_for(&client, "document.querySelector('#line li')").await;
        // The reader plays Black's moves of the principal variation; White
        // is the certified table at the perfect level.
        client
            .find(Locator::Id("side"))
            .await
            .unwrap()
            .select_by_value("b")
            .await
            .unwrap();
        wait_for(&client, "document.querySelector('#legal button')").await;
        let line: Vec<String> = serde_json::from_value(
            js(&client, "return GAMECERT_DATA.chess1d.principal_variation;").await,
        )
        .unwrap();
        for black in line.iter().skip(1).step_by(2) {
            let bare = black.trim_end_matches(['+', '#']);
            click(&client, &format!("#legal button[data-move='{bare}']")).await;
        }
        let status = js(&client, "const s = document.getElementById('status'); return [s.dataset.result, +s.dataset.plies, s.textContent];").await;
        assert_eq!(status[0], json!("w"), "{status}");
        assert_eq!(
            status[1], plies,
            "White mates at the certificate's ply: {status}"
        );
        assert_eq!(
            status[1],
            json!(11),
            "the 8-square board: White mates at ply 11"
        );
        screenshot(&client, "chess1d").await;
        // The picture: the position where Black errs (after 3. R3-4).
        click(&client, "#line li:nth-child(5)").await;
        element_screenshot(&client, "#refutation", "chess1d-refutation").await;
        // The published line: exactly one Black move differs from Black's
        // certified table, and it is 3... K7-6xN (the table plays N5-3).
        let refuted = js(
            &client,
            "return [...document.querySelectorAll('#line li.refuted')].map(li => li.textContent);",
        )
        .await;
        let refuted: Vec<String> = serde_json::from_value(refuted).unwrap();
        assert_eq!(refuted.len(), 1, "{refuted:?}");
        assert!(
            refuted[0].starts_with("3... K7-6xN") && refuted[0].contains("N5-3"),
            "{refuted:?}"
        );
    });
}

#[test]
fn a_changed_certificate_entry_changes_the_page() {
    let site = build_site("site-test-tampered");
    let data = site.join("data/tictactoe.js");
    let text = std::fs::read_to_string(&data).unwrap();
    let opening = "\".../.../...\":5";
    assert!(text.contains(opening), "X's table opens on cell 5");
    with_browser("tampered", |client| async move {
        assert_eq!(x_opens_on(&client, &site).await, json!(5));
        std::fs::write(&data, text.replace(opening, "\".../.../...\":1")).unwrap();
        assert_eq!(
            x_opens_on(&client, &site).await,
            json!(1),
            "the page follows the data"
        );
    });
}

/// The cell X's table opens on, read from the page when the reader plays O.
async fn x_opens_on(client: &Client, site: &Path) -> Value {
    client
        .goto(&page_url(site, "tictactoe.html"))
        .await
        .unwrap();
    wait_for(client, "document.querySelector('#grid button')").await;
    let side = client.find(Locator::Id("side")).await.unwrap();
    side.select_by_value("O").await.unwrap();
    js(
        client,
        "return [...document.querySelectorAll('#grid button')].findIndex(b => b.textContent === 'X') + 1;",
    )
    .await
}

#[test]
fn every_page_fits_a_phone_screen() {
    let site = build_site("site-test-narrow");
    with_browser("narrow", |client| async move {
        client.set_window_size(390, 844).await.unwrap();
        for (page, ready) in [
            ("index.html", "document.querySelector('#datasets td')"),
            ("snaky.html", "document.querySelector('#moves li')"),
            ("tictactoe.html", "document.querySelector('#grid button')"),
            ("chess1d.html", "document.querySelector('#line li')"),
        ] {
            client.goto(&page_url(&site, page)).await.unwrap();
            wait_for(&client, ready).await;
            if page == "tictactoe.html" {
                click(&client, "#grid button[data-cell='1']").await;
            }
            screenshot(
                &client,
                &format!("narrow-{}", page.trim_end_matches(".html")),
            )
            .await;
            let overflow = js(&client, "return document.documentElement.scrollWidth - document.documentElement.clientWidth;").await;
            let wide = js(&client, "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth).map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 5);").await;
            assert_eq!(
                overflow,
                json!(0),
                "{page} scrolls sideways on a phone: {wide}"
            );
        }
    });
}

#[test]
fn chess1d_rules_see_stalemate_bare_kings_and_repetition() {
    let site = build_site("site-test-chess1d-rules");
    with_browser("chess1d-rules", |client| async move {
        client.goto(&page_url(&site, "chess1d.html")).await.unwrap();
        wait_for(&client, "document.querySelector('#legal button')").await;
        let verdict = |rows: &str| {
            format!(
                "game = {{ positions: [{rows}].map(r => ({{ row: r.split(' ')[0].split(''), side: r.split(' ')[1] }})), moves: [] }};
                 const end = result(); return end && end.text;"
            )
        };
        let cases = [
            ("'K.k..r.. w'", "Draw by stalemate."),
            ("'K......k w'", "Draw: bare kings."),
            (
                "'KNR..rnk w', 'K.RN.rnk b', 'KNR..rnk w', 'K.RN.rnk b', 'KNR..rnk w'",
                "Draw by threefold repetition.",
            ),
            ("'K...R.k. b'", "Checkmate: White wins at ply 0."),
            ("'KNR..rnk w'", ""),
        ];
        for (rows, expected) in cases {
            let text = js(&client, &verdict(rows)).await;
            let text = text.as_str().unwrap_or("");
            assert_eq!(text, expected, "{rows}");
        }
    });
}
