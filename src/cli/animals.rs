use clap::{Args, Subcommand};
use gamecert::animals::certificate::{pairing_path, DIRECTORY, NO_PAIRING_PATH, NO_PAIRING_PROOF};
use gamecert::animals::nopairing::{rectangle, region_formula};
use gamecert::animals::search::{
    no_pairing_json, pairing_json, search_pairings, snaky_no_pairing, PairingLimits,
};
use gamecert::animals::{atlas, verify as atlas_verify};
use gamecert::exit::Outcome;
use gamecert::polyomino::{draw, enumerate, Polyomino};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AnimalsArgs {
    #[command(subcommand)]
    command: Option<AnimalsCommand>,
    /// The project root holding certificates/ (for the atlas).
    #[arg(long, default_value = ".", global = true)]
    root: PathBuf,
}

#[derive(Debug, Subcommand)]
enum AnimalsCommand {
    /// List the free polyominoes of N cells (canonical cells and common name).
    List {
        #[arg(long)]
        cells: usize,
    },
    /// Draw animals as SVG: the given shapes, or every animal of --cells N;
    /// or (--pairing) a pairing certificate on a W x H board.
    Draw {
        /// Shapes as cell lists "(0,0) (1,0) ..." or common names.
        shapes: Vec<String>,
        #[arg(long)]
        cells: Option<usize>,
        /// An animals-pairing certificate to draw instead of shapes.
        #[arg(long)]
        pairing: Option<PathBuf>,
        /// The board for --pairing, width and height.
        #[arg(long, num_args = 2, value_names = ["W", "H"], default_values_t = [10, 6])]
        board: Vec<i32>,
        /// Output file ("-" for stdout).
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Search pairings for the basic losers and Snaky's no-pairing refutation,
    /// and write their certificates under certificates/animals/ (slow; once).
    Search {
        /// Largest period (cells per period) tried: 2..=1024.
        #[arg(long, default_value_t = 36, value_parser = clap::value_parser!(i32).range(2..=MAX_PERIOD_AREA))]
        max_area: i32,
        /// Node limit of each SAT attempt.
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Width and height of Snaky's rectangular region: 1..=64 each.
        #[arg(long, num_args = 2, value_names = ["W", "H"], value_parser = region_side())]
        region: Option<Vec<i32>>,
    },
    /// Search a Maker strategy for SHAPE (name or cells, up to 8 cells) by
    /// iterative deepening on the bound h and write it as a card table.
    Prove {
        /// A common name ("T tetromino") or cells "(0,0) (1,0) ...".
        shape: String,
        /// The largest bound h tried.
        #[arg(long, default_value_t = 30)]
        bound: u32,
        /// Stop after this many expanded positions (over all bounds).
        #[arg(long, default_value_t = 20_000_000)]
        nodes: u64,
        /// Ask the prover instead, on an N x N box (N at most 11) with the
        /// first move at its centre, and read its answer out as card lines.
        #[arg(long = "box", value_name = "N")]
        side: Option<usize>,
        /// Write the table here (default: print it).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Search a Breaker table that stops Maker from building SHAPE within
    /// K moves on the infinite grid, audit it with the kernel and write it
    /// as a grid-delay certificate (docs/formats/grid-delay.md).
    Delay {
        /// A common name ("I tetromino") or cells "(0,0) (1,0) ...".
        shape: String,
        /// The move bound K: 1..=|P|+2.
        #[arg(long)]
        within: u32,
        /// Stop after this many expanded positions.
        #[arg(long, default_value_t = 200_000_000)]
        nodes: u64,
        /// Write the certificate here (default: print a summary only).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Print SHAPE's bounds on the least number of Maker moves on the
    /// infinite grid, lower..upper, with the certificate behind each.
    Bounds {
        /// A common name ("L pentomino") or cells "(0,0) (1,0) ...".
        shape: String,
    },
    /// Write the no-pairing formula of Snaky on a W x H region as DIMACS
    /// (W and H: 1..=64 each).
    Dimacs {
        #[arg(value_parser = region_side())]
        width: i32,
        #[arg(value_parser = region_side())]
        height: i32,
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
}

/// Shape input limit for every command (the atlas goes to 8 cells).
const SHAPE_CELLS: usize = 8;

/// The largest side of Snaky's region for `search --region` and `dimacs`.
/// The committed refutation uses 7x6; at 64x64 the formula has 3 million
/// clauses (48 MB of DIMACS, written in about a second in 220 MB), so the
/// limit refuses only sizes that would exhaust memory before any output.
const MAX_REGION_SIDE: i64 = 64;

/// The largest period area `search --max-area` tries (default 36); each
/// SAT attempt's formula grows with it.
const MAX_PERIOD_AREA: i64 = 1024;

fn region_side() -> clap::builder::RangedI64ValueParser<i32> {
    clap::value_parser!(i32).range(1..=MAX_REGION_SIDE)
}

/// Runs the command; its reports still print as they go (see `super::write_now`).
pub fn run(args: AnimalsArgs) -> super::CommandResult {
    Ok(super::Done::new(String::new(), run_printing(args)))
}

fn run_printing(args: AnimalsArgs) -> Outcome {
    match args.command {
        None => atlas_report(&args.root),
        Some(AnimalsCommand::List { cells }) => list(cells),
        Some(AnimalsCommand::Draw {
            pairing: Some(path),
            board,
            output,
            ..
        }) => draw_pairing(&path, &board, &output),
        Some(AnimalsCommand::Draw {
            shapes,
            cells,
            output,
            ..
        }) => draw_command(&shapes, cells, &output),
        Some(AnimalsCommand::Search {
            max_area,
            nodes,
            region,
        }) => search(&args.root, max_area, nodes, region),
        Some(AnimalsCommand::Prove {
            shape,
            bound,
            nodes,
            side,
            output,
        }) => super::animals_prove::prove(&shape, bound, nodes, side, output.as_deref()),
        Some(AnimalsCommand::Delay {
            shape,
            within,
            nodes,
            output,
        }) => super::animals_grid::delay(&shape, within, nodes, output.as_deref()),
        Some(AnimalsCommand::Bounds { shape }) => super::animals_grid::bounds(&args.root, &shape),
        Some(AnimalsCommand::Dimacs {
            width,
            height,
            output,
        }) => {
            let formula = region_formula(&atlas::snaky(), &rectangle(width, height)).formula;
            match super::write_now("animals dimacs", &output, &formula.to_dimacs()) {
                Ok(()) => Outcome::Holds,
                Err(outcome) => outcome,
            }
        }
    }
}

fn list(cells: usize) -> Outcome {
    if cells == 0 || cells > SHAPE_CELLS + 2 {
        errln!(
            "gamecert animals list: --cells must be 1..={}",
            SHAPE_CELLS + 2
        );
        return Outcome::BadInput;
    }
    let animals = enumerate(cells);
    for animal in &animals {
        match gamecert::polyomino::common_name(animal) {
            Some(name) => outln!("{}  {name}", animal.cell_list()),
            None => outln!("{}", animal.cell_list()),
        }
    }
    outln!("{} free polyominoes of {cells} cells", animals.len());
    Outcome::Holds
}

fn draw_command(shapes: &[String], cells: Option<usize>, output: &std::path::Path) -> Outcome {
    let mut animals: Vec<Polyomino> = Vec::new();
    for text in shapes {
        match gamecert::polyomino::parse::parse_shape_upto(text, SHAPE_CELLS) {
            Ok(animal) => animals.push(animal),
            Err(error) => {
                errln!("gamecert animals draw: shape {text:?}: {error}");
                return Outcome::BadInput;
            }
        }
    }
    match cells {
        Some(n) if (1..=SHAPE_CELLS).contains(&n) => animals.extend(enumerate(n)),
        Some(_) => {
            errln!("gamecert animals draw: --cells must be 1..={SHAPE_CELLS}");
            return Outcome::BadInput;
        }
        None => {}
    }
    if animals.is_empty() {
        errln!("gamecert animals draw: give shapes or --cells N");
        return Outcome::BadInput;
    }
    let svg = draw::gallery_svg(&animals, 6);
    match super::write_now("animals draw", output, &svg) {
        Ok(()) => Outcome::Holds,
        Err(outcome) => outcome,
    }
}

/// Draws an audited pairing certificate's pairs that fall on the board.
fn draw_pairing(path: &std::path::Path, board: &[i32], output: &std::path::Path) -> Outcome {
    let report = match gamecert::audit::audit_file(path) {
        Ok(report) if report.kind == "animals-pairing" => report,
        Ok(report) => {
            errln!(
                "gamecert animals draw: {} is a {} certificate, not animals-pairing",
                path.display(),
                report.kind
            );
            return Outcome::BadInput;
        }
        Err(error) => {
            errln!("gamecert animals draw: {error}");
            return Outcome::BadInput;
        }
    };
    let (width, height) = (board[0], board[1]);
    if !(1..=200).contains(&width) || !(1..=200).contains(&height) {
        errln!("gamecert animals draw: --board must be 1..=200 each way");
        return Outcome::BadInput;
    }
    let pairing = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|value| read_pairing(&value));
    let Some(pairing) = pairing else {
        errln!(
            "gamecert animals draw: cannot read the pairing of {}",
            path.display()
        );
        return Outcome::BadInput;
    };
    let pairs = gamecert::animals::pairing::pairs_on_board(&pairing, width, height);
    let svg = draw::pairing_svg(width, height, &pairs);
    for message in report.messages() {
        errln!("audit: {message}");
    }
    match super::write_now("animals draw", output, &svg) {
        Ok(()) => Outcome::from_holds(report.holds()),
        Err(outcome) => outcome,
    }
}

fn read_pairing(value: &serde_json::Value) -> Option<gamecert::animals::pairing::PeriodicPairing> {
    let cell = |v: &serde_json::Value| -> Option<(i32, i32)> {
        Some((
            v.get(0)?.as_i64()?.try_into().ok()?,
            v.get(1)?.as_i64()?.try_into().ok()?,
        ))
    };
    let lattice = value.get("lattice")?;
    let (first, second) = (cell(lattice.get(0)?)?, cell(lattice.get(1)?)?);
    let pairs = value
        .get("pairs")?
        .as_array()?
        .iter()
        .map(|p| Some((cell(p.get(0)?)?, cell(p.get(1)?)?)))
        .collect::<Option<Vec<_>>>()?;
    Some(gamecert::animals::pairing::PeriodicPairing {
        lattice: gamecert::animals::pairing::Lattice {
            a: first.0,
            s: second.0,
            b: second.1,
        },
        pairs,
    })
}

fn atlas_report(root: &std::path::Path) -> Outcome {
    match atlas_verify::build(root) {
        Ok(run) => {
            out!("{}", run.report);
            Outcome::from_holds(run.holds)
        }
        Err(error) => {
            errln!("gamecert animals: {error}");
            Outcome::BadInput
        }
    }
}

fn search(root: &std::path::Path, max_area: i32, nodes: u64, region: Option<Vec<i32>>) -> Outcome {
    let levels = atlas::levels();
    let limits = PairingLimits {
        max_area,
        node_limit: nodes,
    };
    let mut failed = false;
    // A certificate that cannot be written is exit 2, after the whole search.
    let mut unwritten = false;
    // Filling certificates/animals/ is the command's purpose: it is created.
    if let Err(error) = gamecert::cert::create_output_dir(&root.join(DIRECTORY)) {
        errln!("gamecert animals search: {error}");
        return Outcome::BadInput;
    }
    if region.is_none() {
        search_pairings(&levels, limits, &mut |result| {
            let name = result.animal.display_name();
            let Some(certificate) = &result.certificate else {
                errln!("{name}: no pairing found ({:.1} s)", result.seconds);
                failed = true;
                return;
            };
            let path = root.join(pairing_path(&result.animal));
            let written = pairing_json(certificate)
                .map_err(|e| e.to_string())
                .and_then(|json| {
                    gamecert::cert::write_output_file(&path, json.as_bytes())
                        .map_err(|e| e.to_string())
                });
            match written {
                Ok(()) => errln!(
                    "{name}: lattice {:?}, {} pairs ({:.1} s) -> {}",
                    certificate.lattice,
                    certificate.pairs.len(),
                    result.seconds,
                    path.display()
                ),
                Err(error) => {
                    errln!("{name}: {error}");
                    unwritten = true;
                }
            }
        });
    }
    if let Some(size) = region {
        let start = std::time::Instant::now();
        match snaky_no_pairing(&rectangle(size[0], size[1])) {
            Ok((certificate, lrat)) => {
                errln!(
                    "Snaky: no pairing on the {}x{} region: {} variables, {} clauses, LRAT of {} steps (trimmed from {}) ({:.1} s)",
                    size[0],
                    size[1],
                    certificate.variables,
                    certificate.clauses,
                    certificate.proof_steps,
                    certificate.untrimmed_steps,
                    start.elapsed().as_secs_f64()
                );
                let written = no_pairing_json(&certificate)
                    .map_err(|e| e.to_string())
                    .and_then(|json| {
                        gamecert::cert::write_output_file(
                            &root.join(NO_PAIRING_PATH),
                            json.as_bytes(),
                        )
                        .map_err(|e| e.to_string())
                    })
                    .and_then(|()| {
                        gamecert::cert::write_output_file(
                            &root.join(NO_PAIRING_PROOF),
                            lrat.as_bytes(),
                        )
                        .map_err(|e| e.to_string())
                    });
                if let Err(error) = written {
                    errln!("Snaky: {error}");
                    unwritten = true;
                }
            }
            Err(error) => {
                errln!("Snaky: {}x{} region: {error}", size[0], size[1]);
                failed = true;
            }
        }
    }
    if unwritten {
        return Outcome::BadInput;
    }
    Outcome::from_holds(!failed)
}
