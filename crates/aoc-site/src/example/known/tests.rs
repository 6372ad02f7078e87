use super::*;

#[test]
fn debug_coverage() {
    let table: serde_json::Value = serde_json::from_str(TABLE).unwrap();
    for key in table.as_object().unwrap().keys().filter(|k| *k != "default_locators") {
        let (y, d) = key.split_once('/').unwrap();
        if let Some(Err(e)) = locators(y.parse().unwrap(), d.parse().unwrap()) {
            println!("UNSUPPORTED {key}: {e}");
        }
    }
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
    for year in std::fs::read_dir(corpus).unwrap().flatten().filter(|e| e.path().is_dir()) {
        for page in std::fs::read_dir(year.path()).unwrap().flatten() {
            let path = page.path();
            if path.extension().is_none_or(|e| e != "html") { continue }
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let (y, d) = name.split_once('-').unwrap();
            let (y, d): (u16, u8) = (y.parse().unwrap(), d.parse().unwrap());
            if locators(y, d).is_some() && examples(&std::fs::read_to_string(&path).unwrap(), y, d).is_none() {
                println!("FALLS BACK {name}");
            }
        }
    }
}
