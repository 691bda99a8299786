//! Downloadable templates of import files (`File/Template/{type}`): the header row an import reads, for the
//! caller's site, so a user fills in a file the import accepts. Today the custom-field value imports
//! (`Item/CID/Custom/Update/Import`, for CIDs and CIPs): the record key column, then one column per custom field
//! defined at the site, named by its label (docs/files.md).

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::files::model::{TemplateField, TemplateType};

impl TemplateType {
    /// The key column the import reads first.
    pub fn key_column(self) -> &'static str {
        match self {
            Self::CustomFieldCID => "cust_item_code",
            Self::CustomFieldCIP => "cip_code",
        }
    }
    /// The record kind of `custom_field_definition.entity_type`.
    pub fn entity(self) -> &'static str {
        match self {
            Self::CustomFieldCID => "CID",
            Self::CustomFieldCIP => "CIP",
        }
    }
    pub fn file_stem(self) -> &'static str {
        match self {
            Self::CustomFieldCID => "CustomFieldImport_CID",
            Self::CustomFieldCIP => "CustomFieldImport_CIP",
        }
    }
}

/// The header row: the key column, then each field's label.
pub fn headers(kind: TemplateType, fields: &[TemplateField]) -> Vec<String> {
    std::iter::once(kind.key_column().to_owned()).chain(fields.iter().map(|f| f.label.clone())).collect()
}

/// The CSV template: the header row only, through the product's one CSV cell writer (a label a spreadsheet would
/// run as a formula is neutralised; the import reads it back as the label).
pub fn csv(kind: TemplateType, fields: &[TemplateField]) -> Vec<u8> {
    kernel::export::csv_line(&headers(kind, fields)).into_bytes()
}

/// The workbook template: sheet `Import` with the header row (what the import reads: its first sheet), and sheet
/// `Columns` explaining each column (slot, type, required, longest value, possible values).
pub fn xlsx(kind: TemplateType, fields: &[TemplateField]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let text = Format::new().set_num_format("@");
    {
        let sheet = book.add_worksheet();
        sheet.set_name("Import")?;
        for (i, h) in headers(kind, fields).iter().enumerate() {
            let col = u16::try_from(i).unwrap_or(u16::MAX);
            sheet.write_string_with_format(0, col, h, &bold)?;
            // Keys and values are text: a part code such as 00123 must keep its zeros.
            sheet.set_column_width(col, u16::try_from(h.chars().count() + 4).unwrap_or(u16::MAX).clamp(14, 40))?;
            sheet.set_column_format(col, &text)?;
        }
        sheet.set_freeze_panes(1, 0)?;
    }
    let sheet = book.add_worksheet();
    sheet.set_name("Columns")?;
    for (c, h) in ["Column", "Custom field", "Type", "Required", "Longest value", "Possible values"].iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, *h, &bold)?;
    }
    let key_note = match kind {
        TemplateType::CustomFieldCID => "The CID's customer part (or use a column cid_no instead)",
        TemplateType::CustomFieldCIP => "The CIP code (or use a column cip_no instead)",
    };
    sheet.write_string(1, 0, kind.key_column())?;
    sheet.write_string(1, 1, key_note)?;
    sheet.write_string(1, 3, "yes")?;
    for (i, f) in fields.iter().enumerate() {
        let row = 2 + i as u32;
        sheet.write_string(row, 0, &f.label)?;
        sheet.write_string(row, 1, format!("custom{}", f.field_no))?;
        sheet.write_string(row, 2, &f.field_type)?;
        sheet.write_string(row, 3, if f.is_required { "yes" } else { "no" })?;
        sheet.write_number(row, 4, f.max_length.unwrap_or(500))?;
        sheet.write_string(row, 5, f.possible_values.join(", "))?;
    }
    let note_row = 3 + fields.len() as u32;
    let note = if fields.is_empty() {
        format!("No custom fields are defined for {}s at this site yet: define them first, then download this template again.", kind.entity())
    } else {
        "A blank cell leaves the value as it is. Dates as YYYY-MM-DD or MM/DD/YYYY.".to_owned()
    };
    sheet.write_string(note_row, 0, note)?;
    sheet.set_column_width(0, 28)?;
    sheet.set_column_width(1, 40)?;
    sheet.set_column_width(5, 50)?;
    book.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(no: i32, label: &str) -> TemplateField {
        TemplateField { field_no: no, label: label.into(), field_type: "list".into(), is_required: true, max_length: None, possible_values: vec!["A".into(), "B".into()] }
    }

    #[test]
    fn the_header_is_the_key_then_the_labels() {
        let fields = [field(2, "Shelf life"), field(5, "Bin, \"rack\"")];
        assert_eq!(headers(TemplateType::CustomFieldCIP, &fields), ["cip_code", "Shelf life", "Bin, \"rack\""]);
        assert_eq!(String::from_utf8(csv(TemplateType::CustomFieldCIP, &fields)).unwrap_or_default(), "cip_code,Shelf life,\"Bin, \"\"rack\"\"\"\r\n");
        let book = xlsx(TemplateType::CustomFieldCID, &fields).expect("workbook");
        assert_eq!(&book[..2], b"PK");
        assert!(xlsx(TemplateType::CustomFieldCID, &[]).is_ok());
    }

    #[test]
    fn a_label_a_spreadsheet_would_run_is_neutralised_in_the_csv_template() {
        let csv = String::from_utf8(csv(TemplateType::CustomFieldCID, &[field(1, "=HYPERLINK(\"http://evil.example\",\"x\")"), field(2, "-5")])).unwrap_or_default();
        assert_eq!(csv, "cust_item_code,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\",-5\r\n");
    }
}
