//! Reading the OpenAPI document for the generated tests (`field_permissions`, `filter_combinations`): operations with
//! their permission line, parameters and request body, schemas with `$ref` and `allOf` (flattened objects) resolved,
//! and plain sample values that pass the usual schema rules.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{json, Map, Value};

pub struct Doc(pub Value);

#[derive(Clone, Debug)]
pub struct Operation {
    pub method: Method,
    /// As in the document, below the `/api` server prefix.
    pub path: String,
    pub id: String,
    /// Any one of these is needed; empty for signed-in or public operations.
    pub permissions: Vec<String>,
    pub params: Vec<Value>,
    pub body: Option<Value>,
}

impl Doc {
    pub fn load() -> Self {
        Self(serde_json::from_str(&api::openapi::document()).unwrap())
    }

    /// The schema behind `$ref`s, with `allOf` parts merged into one object schema.
    pub fn resolve(&self, schema: &Value) -> Value {
        if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
            let name = r.rsplit('/').next().unwrap();
            return self.resolve(&self.0["components"]["schemas"][name]);
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            let mut merged = schema.as_object().cloned().unwrap_or_default();
            merged.remove("allOf");
            let mut props = Map::new();
            let mut required = Vec::new();
            for part in parts {
                let part = self.resolve(part);
                if let Some(p) = part.get("properties").and_then(Value::as_object) {
                    props.extend(p.clone());
                }
                if let Some(r) = part.get("required").and_then(Value::as_array) {
                    required.extend(r.clone());
                }
                for (k, v) in part.as_object().into_iter().flatten() {
                    if k != "properties" && k != "required" {
                        merged.entry(k.clone()).or_insert_with(|| v.clone());
                    }
                }
            }
            if !props.is_empty() {
                merged.insert("properties".into(), Value::Object(props));
                merged.insert("required".into(), Value::Array(required));
            }
            return Value::Object(merged);
        }
        schema.clone()
    }

    pub fn operations(&self) -> Vec<Operation> {
        let mut out = Vec::new();
        for (path, item) in self.0["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let line = api::openapi::permission_line(op).unwrap().trim_start_matches("Permissions: ");
                let permissions =
                    if line == "public" || line.starts_with("signed-in") || line == kernel::access::DEVICE_RULE { Vec::new() } else { line.split(" or ").map(str::to_owned).collect() };
                let body = op.pointer("/requestBody/content").and_then(Value::as_object).and_then(|c| c.values().next()).map(|c| c["schema"].clone());
                out.push(Operation {
                    method: Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(),
                    path: path.clone(),
                    id: op["operationId"].as_str().unwrap().to_owned(),
                    permissions,
                    params: op.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default(),
                    body,
                });
            }
        }
        out.sort_by(|a, b| (&a.path, a.method.as_str()).cmp(&(&b.path, b.method.as_str())));
        out
    }

    /// The top-level properties of a body schema (flattened parts merged), with whether each is required.
    pub fn properties(&self, schema: &Value) -> Vec<(String, Value, bool)> {
        let schema = self.resolve(schema);
        let required: BTreeSet<&str> = schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.clone(), self.resolve(v), required.contains(k.as_str())))
            .collect()
    }

    /// Every property path of a body schema whose name is `name`, at any depth (`[]` for an array's elements).
    /// The names of the component schemas `schema` reaches through `$ref`s (itself included).
    pub fn schema_names(&self, schema: &Value) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.collect_names(schema, &mut out);
        out
    }

    fn collect_names(&self, schema: &Value, out: &mut BTreeSet<String>) {
        match schema {
            Value::Object(map) => {
                if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next()) {
                    if out.insert(name.to_owned()) {
                        self.collect_names(&self.0["components"]["schemas"][name], out);
                    }
                }
                for v in map.values() {
                    self.collect_names(v, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| self.collect_names(v, out)),
            _ => {}
        }
    }

    pub fn paths_named(&self, schema: &Value, name: &str) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        self.walk(schema, &mut Vec::new(), name, 0, &mut out);
        out
    }

    fn walk(&self, schema: &Value, prefix: &mut Vec<String>, name: &str, depth: usize, out: &mut Vec<Vec<String>>) {
        if depth > 6 {
            return;
        }
        let schema = self.resolve(schema);
        if schema.get("type").and_then(Value::as_str) == Some("array") {
            prefix.push("[]".into());
            self.walk(&schema["items"], prefix, name, depth + 1, out);
            prefix.pop();
            return;
        }
        for (k, sub) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
            prefix.push(k.clone());
            if k == name {
                out.push(prefix.clone());
            }
            self.walk(sub, prefix, name, depth + 1, out);
            prefix.pop();
        }
    }

    /// A plain value of `schema`: objects with their required properties only; values that pass the usual rules.
    pub fn sample(&self, schema: &Value, depth: usize) -> Value {
        let schema = self.resolve(schema);
        if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|e| e.first()) {
            return first.clone();
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") | None if depth < 6 => {
                let mut obj = Map::new();
                for (k, sub, required) in self.properties(&schema) {
                    if required {
                        obj.insert(k.clone(), self.sample(&sub, depth + 1));
                    }
                }
                Value::Object(obj)
            }
            Some("array") => {
                let min = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0).max(1);
                Value::Array((0..min).map(|_| self.sample(&schema["items"], depth + 1)).collect())
            }
            Some("integer") => json!(schema.get("minimum").and_then(Value::as_i64).unwrap_or(1).max(1)),
            Some("number") => json!(schema.get("minimum").and_then(Value::as_f64).unwrap_or(1.0).max(1.0)),
            Some("boolean") => json!(true),
            Some("string") => {
                let s = match schema.get("format").and_then(Value::as_str) {
                    Some("date-time") => "2026-01-15T00:00:00Z".to_owned(),
                    Some("date" | "naive-date") => "2026-01-15".to_owned(),
                    _ => "Probe".to_owned(),
                };
                let min = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
                let max = schema.get("maxLength").and_then(Value::as_u64).map_or(usize::MAX, |m| m as usize);
                let mut s = if s.len() < min { s.repeat(min / s.len() + 1) } else { s };
                s.truncate(max.max(min));
                json!(s)
            }
            _ => Value::Null,
        }
    }
}

pub fn encode(v: &str) -> String {
    url::form_urlencoded::byte_serialize(v.as_bytes()).collect()
}

/// A query or path value as text.
pub fn plain(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}
