use clap::Args;
use gamecert::exit::Outcome;
use gamecert::site;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SiteArgs {
    /// Directory to write the site into (created if missing).
    #[arg(short, long)]
    out: PathBuf,
    /// Project root holding certificates/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn run(args: SiteArgs) -> Outcome {
    let built = site::build(&args.root, |certificate| {
        eprintln!("site: auditing and exporting {certificate}");
    });
    let files = match built {
        Ok(files) => files,
        Err(error) => {
            eprintln!("gamecert site: {error}");
            return if error.is_refuted() {
                Outcome::Refuted
            } else {
                Outcome::BadInput
            };
        }
    };
    if let Err(error) = site::write(&args.out, &files) {
        eprintln!("gamecert site: {error}");
        return Outcome::BadInput;
    }
    println!(
        "wrote {} files to {}; open {}",
        files.len(),
        args.out.display(),
        args.out.join("index.html").display()
    );
    Outcome::Holds
}
