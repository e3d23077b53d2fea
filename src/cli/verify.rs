use clap::Args;
use gamecert::exit::Outcome;
use gamecert::verify::{compare, generators, write, FileStatus};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Regenerate in memory and fail (exit 1) if a committed certificate differs.
    #[arg(long)]
    check: bool,
    /// The project root holding certificates/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn run(args: VerifyArgs) -> Outcome {
    let mut outcome = Outcome::Holds;
    for generate in generators() {
        let run = match generate(&args.root) {
            Ok(run) => run,
            Err(error) => {
                eprintln!("gamecert verify: {error}");
                return Outcome::BadInput;
            }
        };
        println!("{}: {}", run.game, run.summary);
        if !run.holds {
            outcome = Outcome::Refuted;
        }
        for file in &run.files {
            let status = compare(&args.root, file);
            if args.check {
                if status != FileStatus::Unchanged {
                    let what = if status == FileStatus::Missing {
                        "missing"
                    } else {
                        "differs from the regenerated certificate"
                    };
                    eprintln!("gamecert verify --check: {} {what}", file.path.display());
                    outcome = Outcome::Refuted;
                }
            } else if status != FileStatus::Unchanged {
                if let Err(error) = write(&args.root, file) {
                    eprintln!(
                        "gamecert verify: cannot write {}: {error}",
                        file.path.display()
                    );
                    return Outcome::BadInput;
                }
                println!("  wrote {}", file.path.display());
            }
        }
    }
    outcome
}
