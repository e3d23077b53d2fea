//! End-to-end tests of the static site (`gamecert site`) in headless
//! Chromium, driven through chromedriver (WebDriver). Each test builds the
//! site from the committed certificates, opens the pages from disk
//! (file://, as a reader would), plays scripted games by clicks and keys,
//! and saves a screenshot under target/site-screenshots/.
//!
//! Needs /usr/bin/chromium and /usr/bin/chromedriver (Debian's `chromium`
//! and `chromium-driver`; `.ci/run` installs them). Without them every test
//! here prints a loud SKIPPED message and passes.

mod common;

use common::{claim, root};
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

/// Start chromedriver on a free port and start a fresh headless Chromium through it.
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
        let connected = ClientBuilder::new(connector)
            .capabilities(capabilities.clone())
            .connect(&url)
            .await;
        if let Ok(client) = connected {
            return (driver, client);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver on port {port} did not start a browser");
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
    // Chromium captures only the part of the element inside the viewport.
    js(
        client,
        &format!("document.querySelector({css:?}).scrollIntoView();"),
    )
    .await;
    let element = client.find(Locator::Css(css)).await.expect(css);
    let png = element.screenshot().await.expect("an element screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot written");
}

async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect(script)
}

/// Wait until `script` (an expression) is truthy: data files load
/// asynchronously by script tags.
/// Focuses the board, moves its cursor one step by `arrow`, and claims the
/// cell with Enter, as a keyboard user does.
async fn move_cursor_and_claim(client: &Client, arrow: fantoccini::key::Key) {
    js(client, "document.getElementById('board').focus();").await;
    let keys = format!(
        "{}{}",
        char::from(arrow),
        char::from(fantoccini::key::Key::Enter)
    );
    client
        .active_element()
        .await
        .unwrap()
        .send_keys(&keys)
        .await
        .unwrap();
}

async fn wait_for(client: &Client, expression: &str) {
    for _ in 0..200 {
        if js(client, &format!("return !!({expression});")).await == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {expression}");
}

/// Chooses `value` in the select element with id `id`.
async fn choose(client: &Client, id: &str, value: &str) {
    client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|error| panic!("#{id}: {error}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|error| panic!("choose {value} in #{id}: {error}"));
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

/// The game's status line.
async fn status_text(client: &Client) -> String {
    client
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
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

/// The producer's own game (src/snaky/play.rs) on the pinned table, on the
/// board of its finite-board claim (`snaky play --board 17`), as the page
/// plays it.
fn producer_game(breaker: BreakerKind, replies: &str) -> Vec<String> {
    let table = std::fs::read(root().join("certificates/sources/snaky21-cards.txt")).unwrap();
    let board = certificate("certificates/snaky21.json")["board"].as_i64();
    let options = PlayOptions {
        breaker,
        replies: gamecert::snaky::play::parse_replies(replies).unwrap(),
        board: board.map(|n| n as i32),
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
        let text = status_text(&client).await;
        assert!(text.contains("Maker won with its 21st move"), "{text}");
        screenshot(&client, "snaky-computer").await;
        element_screenshot(&client, "#board", "snaky-board").await;
        // Undo takes back Breaker's last reply and Maker's answer to it.
        click(&client, "#undo").await;
        assert_eq!(maker_moves(&client).await, page[..page.len() - 1]);
        // Keyboard: a new game, the cursor moved left from (8,9), Enter claims (7,9).
        click(&client, "#new-game").await;
        move_cursor_and_claim(&client, fantoccini::key::Key::Left).await;
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
            envelope_of("snaky21-cards.txt", |evaluation| &evaluation.nodes[0]).len(),
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
        choose(&client, "board-choice", "tictactoe-3x4k3").await;
        wait_for(
            &client,
            "document.querySelectorAll('#grid button').length === 12",
        )
        .await;
        let won = random_games(&client, 20).await;
        assert!(won.iter().all(|r| r == "X"), "{won:?}");
        // 4x4, k=4 (a draw): X's table of 6,193 positions never loses.
        choose(&client, "board-choice", "tictactoe-4x4k4").await;
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
        choose(&client, "side", "b").await;
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
            (
                "snaky.html?table=snaky20",
                "document.querySelector('#moves li')",
            ),
            (
                "pairings.html",
                "document.getElementById('status').dataset.open",
            ),
            ("atlas.html", "document.querySelector('li.animal')"),
        ] {
            client.goto(&page_url(&site, page)).await.unwrap();
            wait_for(&client, ready).await;
            if page == "tictactoe.html" {
                click(&client, "#grid button[data-cell='1']").await;
            }
            if page == "pairings.html" {
                for _ in 0..16 {
                    click(&client, "#random-move").await;
                }
                element_screenshot(&client, "#board", "pairings-board-phone").await;
            }
            let name = page.replace(".html", "").replace("?table=", "-");
            screenshot(&client, &format!("narrow-{name}")).await;
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

fn certificate(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap()
}

/// The board of a Snaky certificate in its final card's frame: the least x
/// and y of the final card's envelope (the frame the finite-board claim
/// translates to the origin), from the producer's evaluation of the table
/// (format 3 certificates do not record envelopes), and the board's size.
fn final_card_frame(certificate: &Value, source: &str) -> (i64, i64, usize) {
    let envelope = envelope_of(source, |evaluation| evaluation.final_node());
    let least = |axis: usize| envelope.iter().map(|c| i64::from([c.x, c.y][axis])).min();
    let board = certificate["board"].as_u64().expect("a board size") as usize;
    (least(0).unwrap(), least(1).unwrap(), board)
}

/// The envelope of a node of a committed table (certificates/sources/).
fn envelope_of(
    source: &str,
    node: impl Fn(&gamecert::snaky::evaluate::Evaluation) -> &gamecert::snaky::evaluate::EvaluatedNode,
) -> Vec<gamecert::snaky::geometry::Cell> {
    let bytes = std::fs::read(root().join("certificates/sources").join(source)).unwrap();
    let table = gamecert::snaky::parse::parse_table(&bytes).unwrap();
    let evaluation = gamecert::snaky::evaluate::evaluate(&table).unwrap();
    evaluation
        .window
        .to_vec(&node(&evaluation).condition.envelope)
}

#[test]
fn snaky20_computer_breaker_loses_at_its_certified_bound_on_its_board() {
    translated_table_plays_to_its_bound("snaky20", "snaky20-kaiasage.txt", true);
}

#[test]
fn snaky19_computer_breaker_loses_at_its_certified_bound_on_its_board() {
    translated_table_plays_to_its_bound("snaky19", "snaky19-gamecert.txt", false);
}

#[test]
fn snaky15_computer_breaker_loses_at_its_certified_bound_on_its_board() {
    translated_table_plays_to_its_bound("snaky15", "snaky15-gotrevor.txt", false);
}

/// A table whose board is translated (the finite-board claim says by how
/// much): the page draws that board, the computer Breaker holds Maker to the
/// certified bound, every Maker move is on the board, and the game is the
/// producer's `snaky play --board N` game move for move (with replacement
/// moves among them when `expect_replacements`).
fn translated_table_plays_to_its_bound(name: &str, source: &str, expect_replacements: bool) {
    let site = build_site(&format!("site-test-{name}"));
    let certified = certificate(&format!("certificates/{name}.json"));
    let bound = certified["bound"].as_u64().unwrap() as usize;
    let (x0, y0, size) = final_card_frame(&certified, source);
    // The finite-board claim (which the kernel re-derives) names the same frame.
    let claim = claim(&certified, "finite-board");
    assert_eq!(claim["verdict"], "holds");
    let named = format!("translated by ({},{})", -x0, -y0);
    assert!(
        claim["statement"].as_str().unwrap().contains(&named),
        "{claim}"
    );
    // The producer's game on the source table, on the same board
    // (`snaky play --board 17`, which translates the table as the claim does).
    let table = std::fs::read(root().join("certificates/sources").join(source)).unwrap();
    let options = PlayOptions {
        bound: bound as u32,
        board: Some(size as i32),
        ..PlayOptions::default()
    };
    let report = play_table(&table, &options).unwrap();
    assert_eq!(
        (report.translation.x, report.translation.y),
        (-x0 as i32, -y0 as i32)
    );
    let producer = report.game.unwrap();
    let name = name.to_string();
    with_browser(&name.clone(), |client| async move {
        client
            .goto(&page_url(&site, &format!("snaky.html?table={name}")))
            .await
            .unwrap();
        wait_for(
            &client,
            &format!("window.GAMECERT_DATA && GAMECERT_DATA.{name} && document.querySelector('#moves li')"),
        )
        .await;
        let outline = js(&client, "const o = document.getElementById('outline'); return [+o.dataset.x, +o.dataset.y, +o.dataset.size];").await;
        assert_eq!(
            outline,
            json!([x0, y0, size]),
            "the outline is the certificate's board"
        );
        click(&client, "#autoplay").await;
        let page = maker_moves(&client).await;
        let text = status_text(&client).await;
        assert!(text.starts_with("Maker won"), "{text}");
        assert_eq!(
            page.len(),
            bound,
            "the computer Breaker holds Maker to the bound"
        );
        // Every Maker move lies on the certificate's board.
        for cell in &page {
            let (x, y) = cell.split_once(',').unwrap();
            let (x, y): (i64, i64) = (x.parse().unwrap(), y.parse().unwrap());
            let inside = |v: i64, v0: i64| (v0..v0 + size as i64).contains(&v);
            assert!(
                inside(x, x0) && inside(y, y0),
                "Maker's {cell} is off the board"
            );
        }
        // Move for move the producer's game on its board, translated back to
        // the table's frame: both count the replacement order from the
        // board's corner, so replacement moves agree too.
        if expect_replacements {
            assert!(!producer.replacement_moves.is_empty());
        }
        let theirs: Vec<String> = producer
            .maker_moves
            .iter()
            .map(|c| format!("{},{}", i64::from(c.x) + x0, i64::from(c.y) + y0))
            .collect();
        assert_eq!(page, theirs, "the page's game is the producer's");
        screenshot(&client, &name).await;
    });
}

/// Whether `cells` is a copy t + R(P) of `shape` (R one of the 8 symmetries).
fn is_copy_of(cells: &[(i64, i64)], shape: &[(i64, i64)]) -> bool {
    let normal = |cells: Vec<(i64, i64)>| {
        let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut cells: Vec<_> = cells.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
        cells.sort_unstable();
        cells
    };
    let mine = normal(cells.to_vec());
    (0..8).any(|code| {
        let image = shape.iter().map(|&(x, y)| {
            let (x, y) = (
                if code & 2 != 0 { -x } else { x },
                if code & 4 != 0 { -y } else { y },
            );
            if code & 1 != 0 {
                (y, x)
            } else {
                (x, y)
            }
        });
        normal(image.collect()) == mine
    })
}

fn cells_of(value: &Value) -> Vec<(i64, i64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect()
}

#[test]
fn a_winners_own_table_holds_maker_to_its_bound_from_the_atlas_link() {
    let site = build_site("site-test-winner");
    let atlas = certificate("certificates/animals.json");
    let animal = atlas["animals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "T tetromino")
        .unwrap()
        .clone();
    let path = animal["certificate"].as_str().unwrap().to_string();
    let table = certificate(&path);
    let bound = table["bound"].as_u64().unwrap() as usize;
    let shape = cells_of(&table["shape"]);
    let stem: Vec<String> = cells_of(&animal["cells"])
        .iter()
        .map(|(x, y)| format!("{x}{y}"))
        .collect();
    // The producer's game on the winner's source table, with its shape.
    let source = table["input"]["path"].as_str().unwrap();
    let options = PlayOptions {
        bound: bound as u32,
        shape: gamecert::snaky::model::Shape::parse(
            &shape
                .iter()
                .map(|(x, y)| format!("({x},{y})"))
                .collect::<Vec<_>>()
                .join(" "),
        )
        .unwrap(),
        ..PlayOptions::default()
    };
    let bytes = std::fs::read(root().join(source)).unwrap();
    let producer = play_table(&bytes, &options).unwrap().game.unwrap();
    with_browser("winner", |client| async move {
        client.goto(&page_url(&site, "atlas.html")).await.unwrap();
        wait_for(&client, "document.querySelector('li.animal')").await;
        // The atlas links the winner to its own table on the Snaky page.
        click(&client, &format!("#a-{} .table-link", stem.join("-"))).await;
        wait_for(&client, "document.querySelector('#moves li')").await;
        let selected = js(&client, "return document.getElementById('table').value;").await;
        let index = js(&client, "return GAMECERT_INDEX;").await;
        let dataset = index
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["name"] == selected)
            .unwrap()
            .clone();
        assert_eq!(dataset["certificate"], json!(path));
        let title = js(
            &client,
            "return document.getElementById('title').textContent;",
        )
        .await;
        assert_eq!(title, json!("T tetromino: you are Breaker"));
        click(&client, "#autoplay").await;
        let text = status_text(&client).await;
        assert!(text.starts_with("Maker won"), "{text}");
        let page = maker_moves(&client).await;
        assert_eq!(
            page.len(),
            bound,
            "the computer Breaker holds Maker to the certificate's bound"
        );
        let producer: Vec<String> = producer
            .maker_moves
            .iter()
            .map(|c| format!("{},{}", c.x, c.y))
            .collect();
        assert_eq!(page, producer, "the page's game is the producer's");
        // Maker's last move completes a copy of the certificate's shape,
        // all of whose cells are Maker's.
        let won = cells_of(&js(&client, "return game.snaky;").await);
        assert!(is_copy_of(&won, &shape), "{won:?} is not the shape");
        let last = page.last().unwrap();
        assert!(won.iter().any(|(x, y)| &format!("{x},{y}") == last));
        for (x, y) in &won {
            assert!(
                page.contains(&format!("{x},{y}")),
                "({x},{y}) is not Maker's"
            );
        }
        screenshot(&client, "snaky-winner").await;
    });
}

/// A loser's pairing certificate, following `contains` through the atlas.
fn pairing_of(stem: &str) -> Value {
    let atlas = certificate("certificates/animals.json");
    let animals = atlas["animals"].as_array().unwrap();
    let stem_of = |cells: &Value| -> String {
        let cells = cells.as_array().unwrap();
        cells
            .iter()
            .map(|c| format!("{}{}", c[0], c[1]))
            .collect::<Vec<_>>()
            .join("-")
    };
    let named = |cells: &Value| -> String {
        let cells = cells.as_array().unwrap();
        cells
            .iter()
            .map(|c| format!("({},{})", c[0], c[1]))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut animal = animals
        .iter()
        .find(|a| stem_of(&a["cells"]) == stem)
        .unwrap();
    while animal["how"] == "contains" {
        let smaller = animal["certificate"].as_str().unwrap();
        animal = animals
            .iter()
            .find(|a| named(&a["cells"]) == smaller)
            .unwrap();
    }
    assert_eq!(animal["how"], "pairing");
    certificate(animal["certificate"].as_str().unwrap())
}

/// The partner of `cell` by a pairing certificate: translate the listed
/// pairs by the lattice spanned by (a,0) and (s,b).
fn partner(pairing: &Value, cell: (i64, i64)) -> Option<(i64, i64)> {
    let int = |v: &Value| v.as_i64().unwrap();
    let lattice = &pairing["lattice"];
    let (a, s, b) = (
        int(&lattice[0][0]),
        int(&lattice[1][0]),
        int(&lattice[1][1]),
    );
    let reduce = |(x, y): (i64, i64)| {
        let k = y.div_euclid(b);
        ((x - k * s).rem_euclid(a), y - k * b)
    };
    for pair in pairing["pairs"].as_array().unwrap() {
        let u = (int(&pair[0][0]), int(&pair[0][1]));
        let v = (int(&pair[1][0]), int(&pair[1][1]));
        if reduce(cell) == reduce(u) {
            return Some((cell.0 + v.0 - u.0, cell.1 + v.1 - u.1));
        }
        if reduce(cell) == reduce(v) {
            return Some((cell.0 + u.0 - v.0, cell.1 + u.1 - v.1));
        }
    }
    None
}

/// Whether `cells` hold a copy of the animal (any of its 8 symmetries,
/// any translation).
fn holds_a_copy(cells: &std::collections::HashSet<(i64, i64)>, animal: &[(i64, i64)]) -> bool {
    let maps = [
        (1, 0, 0, 1),
        (0, 1, 1, 0),
        (-1, 0, 0, 1),
        (0, 1, -1, 0),
        (1, 0, 0, -1),
        (0, -1, 1, 0),
        (-1, 0, 0, -1),
        (0, -1, -1, 0),
    ];
    maps.iter().any(|&(a, b, c, d)| {
        let image: Vec<(i64, i64)> = animal
            .iter()
            .map(|&(x, y)| (a * x + b * y, c * x + d * y))
            .collect();
        cells.iter().any(|&(mx, my)| {
            let (ix, iy) = image[0];
            image
                .iter()
                .all(|&(x, y)| cells.contains(&(x - ix + mx, y - iy + my)))
        })
    })
}

/// Play Maker on the pairings page by clicks, in a scripted order, until
/// the board is full; check each Breaker answer against the certificate.
async fn fill_the_board(client: &Client, stem: &str, pairing: &Value, order_seed: u64) {
    let board: Vec<i64> = serde_json::from_value(js(client, "return [W, H];").await).unwrap();
    let (w, h) = (board[0], board[1]);
    let on_board = |(x, y): (i64, i64)| (0..w).contains(&x) && (0..h).contains(&y);
    let mut cells: Vec<(i64, i64)> = (0..w).flat_map(|x| (0..h).map(move |y| (x, y))).collect();
    let mut state = order_seed;
    for i in (1..cells.len()).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        cells.swap(i, (state >> 33) as usize % (i + 1));
    }
    let (mut maker, mut breaker) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    let mut partners = 0;
    for cell in cells {
        if maker.contains(&cell) || breaker.contains(&cell) {
            continue;
        }
        click(
            client,
            &format!("#board rect[data-x='{}'][data-y='{}']", cell.0, cell.1),
        )
        .await;
        maker.insert(cell);
        let free = |c: &(i64, i64)| on_board(*c) && !maker.contains(c) && !breaker.contains(c);
        let expected = match partner(pairing, cell).filter(free) {
            Some(p) => {
                partners += 1;
                Some(p)
            }
            // Off the board or taken: the first free cell, bottom row first.
            None => (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).find(free),
        };
        let answered = js(client, "const li = [...document.querySelectorAll('#moves li')].pop(); return li.dataset.breaker;").await;
        let expected_text = expected.map_or(String::new(), |(x, y)| format!("{x},{y}"));
        assert_eq!(
            answered,
            json!(expected_text),
            "{stem}: Breaker's answer to Maker's {cell:?}"
        );
        breaker.extend(expected);
    }
    assert!(partners > 0, "{stem}: Breaker answered by the pairing");
    let status = js(
        client,
        "const s = document.getElementById('status'); return [s.dataset.completed, s.textContent];",
    )
    .await;
    assert_eq!(status[0], json!("0"), "{stem}: {status}");
    assert!(
        status[1].as_str().unwrap().starts_with("The board is full"),
        "{status}"
    );
    let atlas = certificate("certificates/animals.json");
    let animal = atlas["animals"].as_array().unwrap().iter().find(|a| {
        let cells = a["cells"].as_array().unwrap();
        cells
            .iter()
            .map(|c| format!("{}{}", c[0], c[1]))
            .collect::<Vec<_>>()
            .join("-")
            == stem
    });
    let animal: Vec<(i64, i64)> = animal.unwrap()["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect();
    assert!(
        !holds_a_copy(&maker, &animal),
        "{stem}: Maker completed a copy"
    );
}

#[test]
fn pairings_breaker_answers_by_the_certified_partner_and_no_copy_is_completed() {
    let site = build_site("site-test-pairings");
    // The brick wall; the I pentomino's sheared lattice; the P pentomino,
    // a loser because it contains the 2x2 square.
    let losers = ["00-01-10-11", "00-01-02-03-04", "00-01-02-10-11"];
    with_browser("pairings", |client| async move {
        for (i, stem) in losers.iter().enumerate() {
            let pairing = pairing_of(stem);
            client
                .goto(&page_url(&site, &format!("pairings.html?animal={stem}")))
                .await
                .unwrap();
            wait_for(&client, "document.getElementById('status').dataset.open").await;
            let chosen = js(&client, "return document.getElementById('animal').value;").await;
            assert_eq!(chosen, json!(stem));
            fill_the_board(&client, stem, &pairing, i as u64 + 1).await;
            if i == 0 {
                screenshot(&client, "pairings").await;
                element_screenshot(&client, "#board", "pairings-board").await;
            }
        }
        // Keyboard: a fresh page, the cursor moved right from (5,5), Enter claims (6,5).
        client
            .goto(&page_url(
                &site,
                &format!("pairings.html?animal={}", losers[2]),
            ))
            .await
            .unwrap();
        wait_for(&client, "document.getElementById('status').dataset.open").await;
        move_cursor_and_claim(&client, fantoccini::key::Key::Right).await;
        let first = js(&client, "const li = document.querySelector('#moves li'); return [li.dataset.maker, li.dataset.breaker];").await;
        let pairing = pairing_of(losers[2]);
        let (px, py) = partner(&pairing, (6, 5)).unwrap();
        assert_eq!(first, json!(["6,5", format!("{px},{py}")]));
    });
}

#[test]
fn a_changed_pairing_entry_changes_the_page() {
    let site = build_site("site-test-pairing-tampered");
    let data = site.join("data/pairing-00-01-10-11.js");
    let text = std::fs::read_to_string(&data).unwrap();
    let brick_wall = "\"pairs\":[[[0,0],[1,0]],[[1,1],[2,1]]]";
    assert!(text.contains(brick_wall), "the brick wall's pairs");
    with_browser("pairing-tampered", |client| async move {
        let play = |cells: &'static [(i64, i64)]| {
            let client = client.clone();
            let site = site.clone();
            async move {
                client
                    .goto(&page_url(&site, "pairings.html?animal=00-01-10-11"))
                    .await
                    .unwrap();
                wait_for(&client, "document.getElementById('status').dataset.open").await;
                for (x, y) in cells {
                    click(&client, &format!("#board rect[data-x='{x}'][data-y='{y}']")).await;
                }
                js(&client, "return [[...document.querySelectorAll('#moves li')].map(li => li.dataset.breaker), document.getElementById('status').dataset.completed];").await
            }
        };
        let square: &[(i64, i64)] = &[(0, 1), (1, 1), (0, 2), (1, 2)];
        let before = play(&[(0, 0)]).await;
        assert_eq!(
            before[0],
            json!(["1,0"]),
            "the brick wall pairs (0,0) with (1,0)"
        );
        // Vertical dominoes instead: (x, 2k) with (x, 2k+1).
        std::fs::write(
            &data,
            text.replace(brick_wall, "\"pairs\":[[[0,0],[0,1]],[[1,0],[1,1]]]"),
        )
        .unwrap();
        let after = play(&[(0, 0)]).await;
        assert_eq!(after[0], json!(["0,1"]), "the page follows the data");
        // That pairing misses the squares on rows 1 and 2, and the page sees it.
        let missed = play(square).await;
        assert_eq!(missed, json!([["0,0", "1,0", "0,3", "1,3"], "1"]));
        screenshot(&client, "pairings-tampered").await;
    });
}

#[test]
fn atlas_lists_every_animal_coloured_by_how_it_is_certified() {
    let site = build_site("site-test-atlas");
    let atlas = certificate("certificates/animals.json");
    let animals = atlas["animals"].as_array().unwrap().clone();
    with_browser("atlas", |client| async move {
        client.goto(&page_url(&site, "atlas.html")).await.unwrap();
        wait_for(&client, "document.querySelector('li.animal')").await;
        let shown = js(&client, "return [...document.querySelectorAll('li.animal')].map(li => [li.dataset.how, li.querySelectorAll('svg rect').length, getComputedStyle(li.querySelector('svg rect')).fill]);").await;
        let shown = shown.as_array().unwrap();
        assert_eq!(
            shown.len(),
            animals.len(),
            "one figure per animal of the atlas"
        );
        let legend = js(&client, "return Object.fromEntries([...document.querySelectorAll('#legend li')].map(li => [li.dataset.how, getComputedStyle(li.querySelector('rect')).fill]));").await;
        let mut colours = std::collections::BTreeMap::new();
        for (animal, figure) in animals.iter().zip(shown) {
            let how = if animal["status"] == "open" {
                json!("open")
            } else {
                animal["how"].clone()
            };
            assert_eq!(figure[0], how, "{animal}");
            assert_eq!(
                figure[1],
                json!(animal["cells"].as_array().unwrap().len()),
                "{animal}"
            );
            assert_eq!(
                figure[2],
                legend[how.as_str().unwrap()],
                "{animal}: its colour is the legend's for {how}"
            );
            colours.insert(figure[2].to_string(), how.to_string());
        }
        let hows: std::collections::BTreeSet<_> = colours.values().collect();
        assert_eq!(
            hows.len(),
            colours.len(),
            "each way of certifying has its own colour: {colours:?}"
        );
        // Links: a card table opens the Snaky page on that table's dataset,
        // a loser the pairings page on itself.
        let links = js(&client, "return [...document.querySelectorAll('li.animal')].map(li => { const a = li.querySelector('.table-link, .pairing-link'); return a ? a.getAttribute('href') : null; });").await;
        let index = js(&client, "return GAMECERT_INDEX;").await;
        for (animal, link) in animals.iter().zip(links.as_array().unwrap()) {
            let link = link.as_str().unwrap_or("");
            if animal["how"] == "card-table" {
                let name = link.strip_prefix("snaky.html?table=").expect(link);
                let dataset = index
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|d| d["name"] == name)
                    .unwrap();
                assert_eq!(dataset["certificate"], animal["certificate"], "{animal}");
            } else if animal["status"] == "loser" {
                assert!(
                    link.starts_with("pairings.html?animal="),
                    "{animal}: {link}"
                );
            }
        }
        screenshot(&client, "atlas").await;
        element_screenshot(&client, "#sizes section:nth-child(4)", "atlas-tetrominoes").await;
        click(&client, "#a-00-01-10-11 .pairing-link").await;
        wait_for(
            &client,
            "document.getElementById('status') && document.getElementById('status').dataset.open",
        )
        .await;
        assert_eq!(
            js(&client, "return document.getElementById('animal').value;").await,
            json!("00-01-10-11")
        );
        client.goto(&page_url(&site, "atlas.html")).await.unwrap();
        wait_for(&client, "document.querySelector('li.animal')").await;
        click(&client, "li.animal[data-how='card-table'] .table-link").await;
        wait_for(&client, "document.querySelector('#moves li')").await;
        let table = js(&client, "return document.getElementById('table').value;").await;
        let snaky = animals.iter().find(|a| a["how"] == "card-table").unwrap();
        let dataset = index
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["name"] == table)
            .unwrap();
        assert_eq!(dataset["certificate"], snaky["certificate"]);
    });
}

/// The producer's random Breaker games (`gamecert snaky play --breaker
/// random --games N --board 17`, seeds 0..N-1): game length → games.
fn producer_random_histogram(games: u32) -> std::collections::BTreeMap<u32, u32> {
    let table = std::fs::read(root().join("certificates/sources/snaky21-cards.txt")).unwrap();
    let board = certificate("certificates/snaky21.json")["board"].as_i64();
    let options = PlayOptions {
        breaker: BreakerKind::Random,
        games,
        board: board.map(|n| n as i32),
        ..PlayOptions::default()
    };
    play_table(&table, &options).unwrap().histogram
}

#[test]
fn snaky_page_explains_the_game_with_measured_lengths() {
    let site = build_site("site-test-snaky-about");
    let snaky = cells_of(&certificate("certificates/snaky21.json")["shape"]);
    let bounds: Vec<Value> = ["snaky19", "snaky20", "snaky21", "snaky15"]
        .iter()
        .map(|name| certificate(&format!("certificates/{name}.json"))["bound"].clone())
        .collect();
    let histogram = producer_random_histogram(1000);
    with_browser("snaky-about", |client| async move {
        open_snaky(&client, &site).await;
        // The shape and its 8 orientations: 8 different copies of Snaky.
        let figures = js(&client, "return [...document.querySelectorAll('#orientations svg')].map(s => s.getAttribute('aria-label'));").await;
        let figures: Vec<String> = serde_json::from_value(figures).unwrap();
        assert_eq!(figures.len(), 8, "{figures:?}");
        let distinct: std::collections::BTreeSet<&String> = figures.iter().collect();
        assert_eq!(distinct.len(), 8, "{figures:?}");
        for figure in &figures {
            let cells: Vec<(i64, i64)> = figure
                .split(' ')
                .map(|c| {
                    let (x, y) = c.trim_matches(['(', ')']).split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert!(is_copy_of(&cells, &snaky), "{figure} is not Snaky");
        }
        // The rules in three sentences; the height in plain words.
        let rules = js(
            &client,
            "return document.getElementById('rules').textContent;",
        )
        .await;
        let rules = rules.as_str().unwrap();
        assert_eq!(rules.matches(". ").count() + 1, 3, "{rules}");
        assert!(rules.contains("all 6 cells of a copy of Snaky, in any of its 8 orientations"));
        let height = js(
            &client,
            "return document.getElementById('height-note').textContent;",
        )
        .await;
        assert!(
            height
                .as_str()
                .unwrap()
                .contains("the most moves Maker may still need"),
            "{height}"
        );
        // Random Breakers: the page's 1000 seeded games are the producer's.
        let lengths = js(&client, "const p = document.getElementById('random-lengths'); return [JSON.parse(p.dataset.histogram), p.textContent];").await;
        let page: std::collections::BTreeMap<String, u32> =
            serde_json::from_value(lengths[0].clone()).unwrap();
        let producer: std::collections::BTreeMap<String, u32> = histogram
            .iter()
            .map(|(moves, games)| (moves.to_string(), *games))
            .collect();
        assert_eq!(page, producer, "the page's random games are the producer's");
        let total: u32 = histogram.iter().map(|(moves, games)| moves * games).sum();
        let mean = f64::from(total) / 1000.0;
        let text = lengths[1].as_str().unwrap();
        assert!(
            text.contains(&format!("loses in about {} moves", mean.round()))
                && text.contains(&format!("{mean:.2} moves on average")),
            "{text} (mean {mean})"
        );
        // The worst case: this table's bound, and the four Snaky tables' (in
        // the order of their bounds).
        let worst = js(&client, "const w = document.getElementById('worst-case'); return [w.textContent, JSON.parse(document.getElementById('snaky-bounds').dataset.bounds || 'null')];").await;
        assert!(
            worst[0].as_str().unwrap().contains("21 moves here"),
            "{worst}"
        );
        assert_eq!(worst[1], json!(bounds), "the committed tables' bounds");
        assert_eq!(worst[1], json!([19, 20, 21, 25]));
        element_screenshot(&client, "#about", "snaky-about").await;
    });
}

#[test]
fn snaky_moves_maker_may_still_need_come_from_the_heights() {
    let site = build_site("site-test-snaky-left");
    let bound = certificate("certificates/snaky21.json")["bound"]
        .as_i64()
        .unwrap();
    with_browser("snaky-left", |client| async move {
        open_snaky(&client, &site).await;
        let left = |client: Client| async move {
            let value = js(&client, "return [[...document.querySelectorAll('#moves li')].map(li => +li.dataset.left), document.querySelector('#moves-left td').textContent, document.getElementById('status').textContent];").await;
            let moves: Vec<i64> = serde_json::from_value(value[0].clone()).unwrap();
            (
                moves,
                value[1].as_str().unwrap().to_string(),
                value[2].as_str().unwrap().to_string(),
            )
        };
        // After Maker's first move: 20 more at most (the root's height 21, less that move).
        let (moves, shown, status) = left(client.clone()).await;
        assert_eq!(moves, [bound - 1]);
        assert_eq!(shown, (bound - 1).to_string());
        assert!(
            status.contains(&format!("may still need {} more", bound - 1)),
            "{status}"
        );
        // The computer Breaker leaves Maker the tallest child every time: one
        // less after each move, 0 after the win.
        choose(&client, "mode", "computer").await;
        click(&client, "#autoplay").await;
        let (moves, shown, _) = left(client.clone()).await;
        let expected: Vec<i64> = (1..=bound).map(|k| bound - k).collect();
        assert_eq!(moves, expected);
        assert_eq!(shown, "0", "nothing left after the win");
        // Random Breakers: the count falls by at least one a move, never
        // promises more than the bound, and ends at 0.
        choose(&client, "mode", "random").await;
        for _ in 0..10 {
            click(&client, "#new-game").await;
            click(&client, "#autoplay").await;
            let (moves, shown, _) = left(client.clone()).await;
            assert_eq!(moves.last(), Some(&0), "{moves:?}");
            assert_eq!(shown, "0");
            for (k, pair) in moves.windows(2).enumerate() {
                assert!(pair[1] < pair[0], "{moves:?}");
                assert!(k as i64 + 2 + pair[1] <= bound, "{moves:?}");
            }
        }
    });
}

/// The producer's game on the pinned table on the whole grid (no board).
fn producer_game_anywhere(replies: &str) -> Vec<String> {
    let table = std::fs::read(root().join("certificates/sources/snaky21-cards.txt")).unwrap();
    let options = PlayOptions {
        breaker: BreakerKind::Far,
        replies: gamecert::snaky::play::parse_replies(replies).unwrap(),
        ..PlayOptions::default()
    };
    let game = play_table(&table, &options).unwrap().game.unwrap();
    game.maker_moves
        .iter()
        .map(|c| format!("{},{}", c.x, c.y))
        .collect()
}

#[test]
fn snaky_controls_far_move_cell_box_and_frame() {
    let site = build_site("site-test-snaky-controls");
    with_browser("snaky-controls", |client| async move {
        open_snaky(&client, &site).await;
        // The far move claims a cell off the 17 x 17 board, and Maker answers
        // as the producer does to that reply.
        click(&client, "#far-move").await;
        let far = js(
            &client,
            "return document.querySelector('#moves li').dataset.breaker;",
        )
        .await;
        let far = far.as_str().unwrap().to_string();
        let (x, y) = far.split_once(',').unwrap();
        let (x, y): (i64, i64) = (x.parse().unwrap(), y.parse().unwrap());
        assert!(
            !(0..17).contains(&x) || !(0..17).contains(&y),
            "{far} is on the board"
        );
        let page = maker_moves(&client).await;
        assert_eq!(page, producer_game_anywhere(&far.replace(' ', ""))[..2]);
        // A taken cell typed in the Cell box says why; so does a malformed one.
        let type_cell = |text: &'static str| {
            let client = client.clone();
            async move {
                let input = client.find(Locator::Id("cell-input")).await.unwrap();
                input.clear().await.unwrap();
                input.send_keys(&format!("{text}\u{E007}")).await.unwrap();
                js(&client, "return [document.getElementById('cell-note').textContent, document.querySelectorAll('#moves li').length];").await
            }
        };
        let taken = type_cell("8,8").await;
        assert!(
            taken[0]
                .as_str()
                .unwrap()
                .contains("(8,8) is taken: Maker claimed it with move 1"),
            "{taken}"
        );
        assert_eq!(taken[1], json!(2), "nothing was played");
        let mine = type_cell(" (-1,-1) ").await;
        assert!(
            mine[0]
                .as_str()
                .unwrap()
                .contains("is taken: you claimed it"),
            "{mine}"
        );
        let malformed = type_cell("8;8").await;
        assert!(
            malformed[0]
                .as_str()
                .unwrap()
                .contains("\"8;8\" is not a cell"),
            "{malformed}"
        );
        let played = type_cell("7,8").await;
        assert_eq!(played, json!(["", 3]), "a free cell is claimed");
        // The dashed frame takes no clicks: a click on it claims nothing, and
        // at its edge the cell underneath is hit.
        click(&client, "#new-game").await;
        let hit = js(
            &client,
            "const o = document.getElementById('outline');
             o.dispatchEvent(new MouseEvent('click', { bubbles: true }));
             const r = o.getBoundingClientRect();
             o.scrollIntoView();
             const s = o.getBoundingClientRect();
             const under = document.elementFromPoint(s.left + s.width / 2, s.top + 1);
             return [document.querySelector('#moves li').dataset.breaker, under.tagName, under.classList.contains('cell'), under.dataset.y, r.width > 0];",
        )
        .await;
        assert_eq!(hit, json!(["", "rect", true, "16", true]));
        screenshot(&client, "snaky-controls").await;
    });
}

#[test]
fn snaky_card_browser_and_table_address() {
    let site = build_site("site-test-snaky-card-address");
    with_browser("snaky-card-address", |client| async move {
        open_snaky(&client, &site).await;
        // The card browser: Previous stops at the first card (6) and Next
        // at the final one; every x label of cards 6 and 7 is inside the picture.
        for card in [6, 7] {
            js(&client, &format!("const n = document.getElementById('card-number'); n.value = {card}; n.dispatchEvent(new Event('input'));")).await;
            let clipped = js(
                &client,
                "const svg = document.getElementById('card').getBoundingClientRect();
                 return [...document.querySelectorAll('#card text.axis')].filter(t => { const b = t.getBoundingClientRect();
                   return b.top < svg.top || b.bottom > svg.bottom || b.left < svg.left || b.right > svg.right; }).map(t => t.textContent);",
            )
            .await;
            assert_eq!(clipped, json!([]), "card {card}: clipped labels");
        }
        js(&client, "const n = document.getElementById('card-number'); n.value = 6; n.dispatchEvent(new Event('input'));").await;
        click(&client, "#card-prev").await;
        let first = js(&client, "return [document.getElementById('card-number').value, document.getElementById('card-prev').disabled, document.getElementById('card-info').textContent.startsWith('Card 6:')];").await;
        assert_eq!(first, json!(["6", true, true]));
        let last = js(&client, "const n = document.getElementById('card-number'); n.value = n.max; n.dispatchEvent(new Event('input')); document.getElementById('card-next').click(); return [n.value === n.max, document.getElementById('card-next').disabled, n.max];").await;
        assert_eq!((&last[0], &last[1]), (&json!(true), &json!(true)), "{last}");
        assert_eq!(
            last[2],
            json!(certificate("certificates/snaky21.json")["final_card"]["card"].to_string())
        );
        // Switching tables updates the address, and the address reopens it.
        choose(&client, "table", "snaky20").await;
        wait_for(
            &client,
            "document.getElementById('outline').dataset.x === '24'",
        )
        .await;
        let url = client.current_url().await.unwrap();
        assert_eq!(url.query(), Some("table=snaky20"), "{url}");
        client.goto(url.as_str()).await.unwrap();
        wait_for(&client, "document.querySelector('#moves li')").await;
        let table = js(&client, "return document.getElementById('table').value;").await;
        assert_eq!(table, json!("snaky20"));
        screenshot(&client, "snaky-card-address").await;
    });
}

#[test]
fn the_index_links_each_dataset_to_its_own_table() {
    let site = build_site("site-test-index");
    with_browser("index", |client| async move {
        client.goto(&page_url(&site, "index.html")).await.unwrap();
        wait_for(&client, "document.querySelector('#datasets td')").await;
        let rows = js(&client, "return [...document.querySelectorAll('#datasets tbody tr')].map(tr => tr.querySelector('a.dataset-link').getAttribute('href'));").await;
        let links: Vec<String> = serde_json::from_value(rows).unwrap();
        let index = js(&client, "return GAMECERT_INDEX;").await;
        let index = index.as_array().unwrap().clone();
        assert_eq!(links.len(), index.len(), "one row per dataset");
        let distinct: std::collections::BTreeSet<&String> = links.iter().collect();
        assert_eq!(
            distinct.len(),
            links.len(),
            "every row links somewhere else: {links:?}"
        );
        // Following a link opens the page on that dataset.
        for (dataset, link) in index.iter().zip(&links) {
            let name = dataset["name"].as_str().unwrap();
            let (select, expected, ready) = match dataset["page"].as_str().unwrap() {
                "snaky.html" => (
                    "table",
                    name.to_string(),
                    "document.querySelector('#moves li')",
                ),
                "tictactoe.html" => (
                    "board-choice",
                    name.to_string(),
                    "document.querySelector('#grid button')",
                ),
                "pairings.html" => (
                    "animal",
                    name.strip_prefix("pairing-").unwrap().to_string(),
                    "document.getElementById('status').dataset.open",
                ),
                "chess1d.html" if name.starts_with("chess1d-") && name != "chess1d-boards" => (
                    "squares",
                    name.to_string(),
                    "document.querySelector('#legal button')",
                ),
                _ => continue,
            };
            client.goto(&page_url(&site, link)).await.unwrap();
            wait_for(&client, ready).await;
            let chosen = js(
                &client,
                &format!("return document.getElementById('{select}').value;"),
            )
            .await;
            assert_eq!(chosen, json!(expected), "{link}");
        }
    });
}

#[test]
fn switching_a_table_updates_the_address() {
    let site = build_site("site-test-address");
    with_browser("address", |client| async move {
        for (page, ready, select, value, query) in [
            (
                "tictactoe.html",
                "document.querySelector('#grid button')",
                "board-choice",
                "tictactoe-3x4k3",
                "table=tictactoe-3x4k3",
            ),
            (
                "chess1d.html",
                "document.querySelector('#legal button')",
                "squares",
                "chess1d-10",
                "table=chess1d-10",
            ),
            (
                "pairings.html",
                "document.getElementById('status').dataset.open",
                "animal",
                "00-01-02-03-04",
                "animal=00-01-02-03-04",
            ),
        ] {
            client.goto(&page_url(&site, page)).await.unwrap();
            wait_for(&client, ready).await;
            choose(&client, select, value).await;
            let url = client.current_url().await.unwrap();
            assert_eq!(url.query(), Some(query), "{page}: {url}");
            // The address reopens the same choice.
            client.goto(url.as_str()).await.unwrap();
            wait_for(&client, ready).await;
            let chosen = js(
                &client,
                &format!("return document.getElementById('{select}').value;"),
            )
            .await;
            assert_eq!(chosen, json!(value), "{url}");
        }
    });
}

#[test]
fn tictactoe_shows_os_replies_and_replays_the_articles_lines() {
    let site = build_site("site-test-tictactoe-lines");
    let certified = certificate("certificates/tictactoe.json");
    with_browser("tictactoe-lines", |client| async move {
        client
            .goto(&page_url(&site, "tictactoe.html"))
            .await
            .unwrap();
        wait_for(&client, "document.querySelector('#line-choice button')").await;
        // O's 8 replies to X in corner 1, and to X in the centre, as certified.
        for (grid, field, first) in [
            ("corner-replies", "replies_to_corner_1", "1"),
            ("centre-replies", "replies_to_centre_5", "5"),
        ] {
            let shown = js(&client, &format!("return [...document.querySelectorAll('#{grid} span')].map(s => [s.dataset.cell, s.textContent]);")).await;
            let shown = shown.as_array().unwrap();
            assert_eq!(shown.len(), 9, "{grid}");
            let replies = certified[field].as_object().unwrap();
            assert_eq!(replies.len(), 8, "{field}: O's 8 replies");
            for cell in shown {
                let (number, text) = (cell[0].as_str().unwrap(), cell[1].as_str().unwrap());
                if number == first {
                    assert_eq!(text, "X");
                    continue;
                }
                let value = replies[number].as_i64().unwrap();
                let expected = if value > 0 {
                    format!("+{value}")
                } else {
                    value.to_string()
                };
                assert_eq!(text, expected, "{field}: O on {number}");
            }
        }
        // The article's two lines: X centre, O edge (claim 4, as printed) and
        // O corner (claim 5), each ending on the certificate's board.
        let lines = js(
            &client,
            "return [...document.querySelectorAll('#line-choice button')].map(b => b.textContent);",
        )
        .await;
        let lines: Vec<String> = serde_json::from_value(lines).unwrap();
        let evidence = |id: &str| {
            claim(&certified, id)["evidence"]
                .as_array()
                .unwrap()
                .clone()
        };
        let edge = evidence("4")[0].clone();
        let corner = evidence("5")
            .iter()
            .rfind(|e| e.get("board").is_some())
            .unwrap()
            .clone();
        assert_eq!(
            lines,
            [
                format!("claim 4: {}", edge["caption"].as_str().unwrap()),
                format!("claim 5: {}", corner["caption"].as_str().unwrap()),
            ]
        );
        assert_eq!(edge["caption"], "O on 2: X5 O2 X7 O3 X1");
        for (i, line) in [edge, corner].iter().enumerate() {
            let moves = line["caption"]
                .as_str()
                .unwrap()
                .rsplit(": ")
                .next()
                .unwrap()
                .split(' ')
                .count();
            click(&client, &format!("#line-choice button[data-line='{i}']")).await;
            let end = js(&client, "const n = document.getElementById('line-note'); return [n.dataset.board, n.dataset.matches, +n.dataset.ply];").await;
            assert_eq!(end, json!([line["board"], "true", moves]), "{line}");
            // Step from the start: one more mark a move; O's reply carries its value.
            click(&client, "#line-start").await;
            for ply in 1..=moves {
                click(&client, "#line-next").await;
                let marks = js(&client, "return [[...document.querySelectorAll('#line-grid span')].filter(s => s.textContent).length, document.getElementById('line-note').textContent];").await;
                assert_eq!(marks[0], json!(ply));
                if ply == 2 {
                    let reply = if i == 0 { "+1" } else { "0" };
                    assert!(
                        marks[1]
                            .as_str()
                            .unwrap()
                            .contains(&format!("worth {reply}")),
                        "{marks}"
                    );
                }
            }
        }
        element_screenshot(&client, "#lines", "tictactoe-lines").await;
    });
}

#[test]
fn phone_screen_chess_at_every_size_and_the_new_controls_fit() {
    let site = build_site("site-test-phone");
    with_browser("phone", |client| async move {
        client.set_window_size(390, 844).await.unwrap();
        let no_sideways = |client: Client, what: String| async move {
            let widths = js(&client, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];").await;
            assert!(
                widths[0].as_i64() <= widths[1].as_i64() && widths[0].as_i64() <= Some(390),
                "{what} scrolls sideways: {widths}"
            );
        };
        // One-dimensional chess on 10 to 16 squares: the row shrinks to the
        // screen, with no scrolling inside it either.
        client.goto(&page_url(&site, "chess1d.html")).await.unwrap();
        wait_for(&client, "document.querySelector('#legal button')").await;
        for squares in 10..=16 {
            choose(&client, "squares", &format!("chess1d-{squares}")).await;
            wait_for(
                &client,
                &format!("document.querySelectorAll('#row button').length === {squares}"),
            )
            .await;
            no_sideways(client.clone(), format!("chess on {squares} squares")).await;
            let row = js(&client, "const r = document.getElementById('row'); return [r.scrollWidth <= r.clientWidth, Math.max(...[...r.children].map(b => b.getBoundingClientRect().right)) <= document.documentElement.clientWidth];").await;
            assert_eq!(row, json!([true, true]), "{squares} squares");
        }
        screenshot(&client, "phone-chess1d-16").await;
        // The address names the 16-square board, and opens it at phone size.
        client
            .goto(&page_url(&site, "chess1d.html?table=chess1d-16"))
            .await
            .unwrap();
        wait_for(
            &client,
            "document.querySelectorAll('#row button').length === 16",
        )
        .await;
        no_sideways(client.clone(), "chess1d.html?table=chess1d-16".into()).await;
        // Snaky: the introduction, the far move and the card browser fit,
        // and no x label of a card is cut off.
        open_snaky(&client, &site).await;
        no_sideways(client.clone(), "snaky.html".into()).await;
        let far = js(&client, "const b = document.getElementById('far-move').getBoundingClientRect(); return b.width > 0 && b.right <= document.documentElement.clientWidth;").await;
        assert_eq!(far, json!(true));
        click(&client, "#far-move").await;
        assert_eq!(maker_moves(&client).await.len(), 2);
        for card in [6, 7] {
            js(&client, &format!("const n = document.getElementById('card-number'); n.value = {card}; n.dispatchEvent(new Event('input'));")).await;
            let clipped = js(
                &client,
                "const svg = document.getElementById('card').getBoundingClientRect();
                 return [...document.querySelectorAll('#card text.axis')].filter(t => { const b = t.getBoundingClientRect();
                   return b.top < svg.top || b.bottom > svg.bottom || b.left < svg.left || b.right > svg.right; }).length;",
            )
            .await;
            assert_eq!(clipped, json!(0), "card {card} on a phone");
        }
        js(
            &client,
            "document.getElementById('about').scrollIntoView();",
        )
        .await;
        screenshot(&client, "phone-snaky-about").await;
        // Pairings: every bar stays on the board, clear of the axis labels.
        client
            .goto(&page_url(&site, "pairings.html"))
            .await
            .unwrap();
        wait_for(&client, "document.getElementById('status').dataset.open").await;
        no_sideways(client.clone(), "pairings.html".into()).await;
        let bars = js(
            &client,
            "const lines = [...document.querySelectorAll('#board line.pair')];
             const off = lines.filter(l => [l.x1, l.x2].some(v => v.baseVal.value < 0 || v.baseVal.value > W) || [l.y1, l.y2].some(v => v.baseVal.value < 0 || v.baseVal.value > H)).length;
             const labels = [...document.querySelectorAll('#board text.axis')].map(t => t.getBoundingClientRect());
             const over = lines.filter(l => { const b = l.getBoundingClientRect();
               return labels.some(t => b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom); }).length;
             return [lines.length, off, over];",
        )
        .await;
        assert!(bars[0].as_i64() > Some(40), "{bars}");
        assert_eq!(
            (&bars[1], &bars[2]),
            (&json!(0), &json!(0)),
            "bars off the board, bars over labels: {bars}"
        );
        // Tic-tac-toe: the replies grid and the replays fit too.
        client
            .goto(&page_url(&site, "tictactoe.html"))
            .await
            .unwrap();
        wait_for(&client, "document.querySelector('#line-choice button')").await;
        no_sideways(client.clone(), "tictactoe.html".into()).await;
        click(&client, "#line-choice button[data-line='1']").await;
        element_screenshot(&client, "#lines", "phone-tictactoe-lines").await;
        no_sideways(client.clone(), "tictactoe.html, a line replayed".into()).await;
    });
}
