use super::{warn, CliError, CommandResult, Done};
use clap::Args;
use gamecert::exit::Outcome;
use gamecert::site;
use std::path::PathBuf;

const COMMAND: &str = "site";

#[derive(Debug, Args)]
pub struct SiteArgs {
    /// Directory to write the site into (created if missing).
    #[arg(short, long)]
    out: PathBuf,
    /// Project root holding certificates/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

/// Exit 1 when a certificate fails its audit (nothing is written), 2 when
/// one cannot be read or the site cannot be written.
pub fn run(args: SiteArgs) -> CommandResult {
    let built = site::build(&args.root, |certificate| {
        warn(&format!("site: auditing and exporting {certificate}"));
    });
    let files = match built {
        Ok(files) => files,
        Err(error) if error.is_refuted() => {
            warn(&format!("gamecert {COMMAND}: {error}"));
            return Ok(Done::new(String::new(), Outcome::Refuted));
        }
        Err(error) => return Err(CliError::new(COMMAND, error)),
    };
    site::write(&args.out, &files).map_err(CliError::of(COMMAND))?;
    Ok(Done::new(
        format!(
            "wrote {} files to {}; open {}\n",
            files.len(),
            args.out.display(),
            args.out.join("index.html").display()
        ),
        Outcome::Holds,
    ))
}
