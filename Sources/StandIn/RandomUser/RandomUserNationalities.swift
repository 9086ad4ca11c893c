/// The ten nationalities the stand-in's persons cycle through, so every page of ten holds each
/// once, and with it every quirk: numeric, text and zero-led postcodes, a null and empty ids.
enum RandomUserNationalities {
    static let all: [RandomUserNationality] = [
        RandomUserNationality(
            code: "US", country: "United States", maleNames: ["Brad", "Wyatt", "Dustin"],
            femaleNames: ["Jennie", "Kaylee", "Rosa"], lastNames: ["Nichols", "Reyes", "Hughes"],
            places: [("Billings", "Michigan"), ("Fresno", "California")], streets: ["Valwood Pkwy", "Mockingbird Hill"],
            postcode: .number(10000...99999), phone: "(###) ###-####", cell: "(###) ###-####",
            idName: "SSN", idValue: .pattern("###-##-####")),
        RandomUserNationality(
            code: "IR", country: "Iran", maleNames: ["محمد", "علی", "مهدی"],
            femaleNames: ["زهرا", "فاطمه", "نازنین"], lastNames: ["رضایی", "احمدی", "کریمی"],
            places: [("تهران", "تهران"), ("شیراز", "فارس")], streets: ["شهید بهشتی", "ولیعصر"],
            postcode: .number(10000...99999), phone: "0##-########", cell: "09##-###-####",
            idName: "", idValue: .null),
        RandomUserNationality(
            code: "UA", country: "Ukraine", maleNames: ["Олександр", "Богдан", "Тарас"],
            femaleNames: ["Оксана", "Ганна", "Софія"], lastNames: ["Шевченко", "Коваленко", "Бондаренко"],
            places: [("Київ", "Київська"), ("Львів", "Львівська")], streets: ["Хрещатик", "Шевченка"],
            postcode: .number(10000...99999), phone: "(0##) ###-####", cell: "(09#) ###-####",
            idName: "", idValue: .empty),
        RandomUserNationality(
            code: "RS", country: "Serbia", maleNames: ["Милош", "Никола", "Стефан"],
            femaleNames: ["Јована", "Милица", "Ана"], lastNames: ["Јовановић", "Петровић", "Николић"],
            places: [("Београд", "Београд"), ("Нови Сад", "Јужнобачки")], streets: ["Кнез Михаилова", "Немањина"],
            postcode: .number(11000...38999), phone: "0##-####-###", cell: "06#-####-###",
            idName: "SID", idValue: .pattern("#########")),
        RandomUserNationality(
            code: "GB", country: "United Kingdom", maleNames: ["Oliver", "Harry", "Jack"],
            femaleNames: ["Amelia", "Isla", "Ella"], lastNames: ["Smith", "O'Brien", "Walker"],
            places: [("Leeds", "West Yorkshire"), ("Bath", "Somerset")], streets: ["High Street", "Queens Road"],
            postcode: .text("@@# #@@"), phone: "0##### ## ###", cell: "07### ######",
            idName: "NINO", idValue: .pattern("@@ ## ## ## @")),
        RandomUserNationality(
            code: "NO", country: "Norway", maleNames: ["Sander", "Håkon", "Jørgen"],
            femaleNames: ["Ingrid", "Sigrid", "Åse"], lastNames: ["Øvergaard", "Haugen", "Bakke"],
            places: [("Oslo", "Oslo"), ("Bergen", "Vestland")], streets: ["Kirkeveien", "Storgata"],
            postcode: .text("0###"), phone: "########", cell: "4#######",
            idName: "FN", idValue: .pattern("###########")),
        RandomUserNationality(
            code: "FI", country: "Finland", maleNames: ["Eetu", "Onni", "Väinö"],
            femaleNames: ["Aino", "Siiri", "Ilona"], lastNames: ["Mäkinen", "Järvinen", "Koskinen"],
            places: [("Helsinki", "Uusimaa"), ("Tampere", "Pirkanmaa")], streets: ["Hämeenkatu", "Mannerheimintie"],
            postcode: .text("00###"), phone: "0#-###-###", cell: "04#-###-##-##",
            idName: "HETU", idValue: .pattern("NaNNA###undefined")),
        RandomUserNationality(
            code: "FR", country: "France", maleNames: ["Mathis", "Noé", "Théo"],
            femaleNames: ["Léa", "Chloé", "Maëlys"], lastNames: ["Lefèvre", "Dubois", "Girard"],
            places: [("Lyon", "Rhône"), ("Nantes", "Loire-Atlantique")], streets: ["Rue de l'Église", "Avenue Jean-Jaurès"],
            postcode: .number(10000...95999), phone: "0#-##-##-##-##", cell: "06-##-##-##-##",
            idName: "INSEE", idValue: .pattern("1## ## ## ### ###")),
        RandomUserNationality(
            code: "IN", country: "India", maleNames: ["आरव", "विवान", "अर्जुन"],
            femaleNames: ["सान्वी", "अनन्या", "दिया"], lastNames: ["शर्मा", "वर्मा", "पटेल"],
            places: [("Pune", "Maharashtra"), ("Jaipur", "Rajasthan")], streets: ["MG Road", "Station Road"],
            postcode: .number(110001...855999), phone: "##########", cell: "9#########",
            idName: "UIDAI", idValue: .pattern("############")),
        RandomUserNationality(
            code: "DE", country: "Germany", maleNames: ["Lukas", "Jürgen", "Felix"],
            femaleNames: ["Lena", "Jördis", "Mia"], lastNames: ["Müller", "Schmidt-Rottluff", "Weiß"],
            places: [("Dresden", "Sachsen"), ("Köln", "Nordrhein-Westfalen")], streets: ["Schulstraße", "Lindenweg"],
            // German postcodes in Saxony start with 0; as numbers, the real API drops the zero.
            postcode: .number(1000...99999), phone: "0###-#######", cell: "017#-#######",
            idName: "SVNR", idValue: .pattern("## ###### @ ###")),
    ]
}
