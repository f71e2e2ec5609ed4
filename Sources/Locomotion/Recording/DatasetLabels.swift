/// Translations of datasets' numeric activity codes into names.
public enum DatasetLabels {
    /// UCI HAPT's activity codes (`labels.txt` of the dataset); -1 marks unlabelled rows.
    public static let uciHAPT: [String: String] = [
        "-1": "unlabelled", "1": "walking", "2": "walking upstairs", "3": "walking downstairs",
        "4": "sitting", "5": "standing", "6": "lying", "7": "stand to sit", "8": "sit to stand",
        "9": "sit to lie", "10": "lie to sit", "11": "stand to lie", "12": "lie to stand",
    ]
}
