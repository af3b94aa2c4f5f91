//! For each Google Search feature, an item shaped like the feature page's example (its own
//! words and values) is eligible; without any one of its required properties (or groups) it is
//! not, with that requirement in `missing_required`; without a recommended one present, that one
//! is in `missing_recommended`; a value of the wrong form is a `google-value` error.

mod common;

use common::{jsonld, report_of, without, worsen};
use harvest_check::{check, features, Page, Vocabulary};

/// (feature id, JSON-LD of an item shaped like the feature page's example).
const EXAMPLES: &[(&str, &str)] = &[
    (
        "article",
        r#"{"@context":"https://schema.org","@type":"NewsArticle","headline":"Tides rise early in the harbour town",
        "image":["https://news.example/img/tide.jpg"],"datePublished":"2025-03-02T08:00:00+01:00",
        "dateModified":"2025-03-02T09:20:00+01:00",
        "author":[{"@type":"Person","name":"Mara Quill","url":"https://news.example/staff/mara"}]}"#,
    ),
    (
        "breadcrumb",
        r#"{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[
        {"@type":"ListItem","position":1,"name":"Garden","item":"https://shop.example/garden"},
        {"@type":"ListItem","position":2,"name":"Hoses"}]}"#,
    ),
    (
        "course-info",
        r#"{"@context":"https://schema.org","@type":"Course","name":"Intro to pottery",
        "description":"Wheel throwing basics over six weeks.",
        "provider":{"@type":"Organization","name":"Clay Works","sameAs":"https://clay.example"},
        "offers":[{"@type":"Offer","category":"Paid","priceCurrency":"EUR","price":120}],
        "hasCourseInstance":[{"@type":"CourseInstance","courseMode":"Onsite","courseWorkload":"PT3H"}],
        "availableLanguage":["en","nl"],"image":"https://clay.example/wheel.jpg","financialAidEligible":"Scholarship",
        "totalHistoricalEnrollment":310}"#,
    ),
    (
        "course-list",
        r#"{"@context":"https://schema.org","@type":"Course","name":"Knots for sailors",
        "description":"Twelve knots, and when to use each.",
        "provider":{"@type":"Organization","name":"Sea School","sameAs":"https://sea.example"}}"#,
    ),
    (
        "dataset",
        r#"{"@context":"https://schema.org","@type":"Dataset","name":"River gauge readings 2010-2020",
        "description":"Hourly water levels from twelve river gauges, cleaned and resampled.",
        "url":"https://data.example/gauges","license":"https://creativecommons.org/licenses/by/4.0/",
        "keywords":["hydrology","rivers"],"creator":{"@type":"Organization","name":"Water Lab"},
        "distribution":[{"@type":"DataDownload","encodingFormat":"text/csv","contentUrl":"https://data.example/gauges.csv"}],
        "temporalCoverage":"2010-01-01/2020-12-31"}"#,
    ),
    (
        "discussion-forum",
        r#"{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Best mulch for tomatoes?",
        "text":"Straw or wood chips: which keeps the soil moist?","url":"https://forum.example/t/42",
        "author":{"@type":"Person","name":"greenthumb","url":"https://forum.example/u/greenthumb"},
        "datePublished":"2025-05-01T10:00:00Z","dateModified":"2025-05-01T10:05:00Z",
        "comment":[{"@type":"Comment","text":"Straw, every time.","author":{"@type":"Person","name":"soilnerd"},
        "datePublished":"2025-05-01T11:30:00Z"}]}"#,
    ),
    (
        "education-qa",
        r#"{"@context":"https://schema.org","@type":"Quiz","about":{"@type":"Thing","name":"Photosynthesis"},
        "hasPart":[{"@type":"Question","eduQuestionType":"Flashcard","text":"Which gas do plants take in?",
        "acceptedAnswer":{"@type":"Answer","text":"Carbon dioxide"}}]}"#,
    ),
    (
        "employer-aggregate-rating",
        r#"{"@context":"https://schema.org","@type":"EmployerAggregateRating",
        "itemReviewed":{"@type":"Organization","name":"Harbour Freight Co","sameAs":"https://harbour.example"},
        "ratingValue":4.1,"bestRating":5,"worstRating":1,"ratingCount":212,"reviewCount":40}"#,
    ),
    (
        "event",
        r#"{"@context":"https://schema.org","@type":"Event","name":"Lantern night market",
        "startDate":"2025-09-12T18:00+02:00","endDate":"2025-09-12T23:00+02:00",
        "previousStartDate":"2025-09-05T18:00+02:00",
        "eventAttendanceMode":"https://schema.org/OfflineEventAttendanceMode",
        "eventStatus":"https://schema.org/EventRescheduled",
        "location":{"@type":"Place","name":"Old Quay","address":{"@type":"PostalAddress","streetAddress":"1 Quay Street",
        "addressLocality":"Portlow","postalCode":"1234","addressCountry":"NL"}},
        "image":["https://events.example/lantern.jpg"],"description":"Street food and paper lanterns by the water.",
        "offers":{"@type":"Offer","url":"https://events.example/tickets","price":5,"priceCurrency":"EUR",
        "availability":"https://schema.org/InStock","validFrom":"2025-06-01T09:00+02:00"},
        "performer":{"@type":"PerformingGroup","name":"The Tidewalkers"},
        "organizer":{"@type":"Organization","name":"Portlow Events","url":"https://events.example"}}"#,
    ),
    (
        "faq",
        r#"{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[
        {"@type":"Question","name":"Do you ship abroad?","acceptedAnswer":{"@type":"Answer","text":"Yes, to every EU country."}},
        {"@type":"Question","name":"Can I return an opened item?","acceptedAnswer":{"@type":"Answer","text":"Within 30 days."}}]}"#,
    ),
    (
        "image-metadata",
        r#"{"@context":"https://schema.org","@type":"ImageObject","contentUrl":"https://photos.example/heron.jpg",
        "license":"https://photos.example/license","acquireLicensePage":"https://photos.example/buy/heron",
        "creditText":"Ines Varga","creator":{"@type":"Person","name":"Ines Varga"},"copyrightNotice":"Ines Varga"}"#,
    ),
    (
        "job-posting",
        r#"{"@context":"https://schema.org","@type":"JobPosting","title":"Bicycle mechanic",
        "description":"<p>Repair and service bikes in our workshop.</p>",
        "identifier":{"@type":"PropertyValue","name":"Spoke and Chain","value":"M-118"},
        "datePosted":"2025-04-10","validThrough":"2025-05-31T23:59","employmentType":"FULL_TIME",
        "hiringOrganization":{"@type":"Organization","name":"Spoke and Chain","sameAs":"https://spoke.example"},
        "jobLocation":{"@type":"Place","address":{"@type":"PostalAddress","streetAddress":"8 Mill Lane",
        "addressLocality":"Brackwater","postalCode":"BW1 2AA","addressCountry":"GB"}},
        "baseSalary":{"@type":"MonetaryAmount","currency":"GBP","value":{"@type":"QuantitativeValue","value":14.5,"unitText":"HOUR"}}}"#,
    ),
    (
        "local-business",
        r#"{"@context":"https://schema.org","@type":"Restaurant","name":"The Copper Pot",
        "address":{"@type":"PostalAddress","streetAddress":"22 Bell Road","addressLocality":"Ferncombe",
        "postalCode":"FC3 9QT","addressCountry":"GB"},
        "geo":{"@type":"GeoCoordinates","latitude":51.501,"longitude":-0.142},"url":"https://copperpot.example",
        "telephone":"+44 20 7946 0000","servesCuisine":"British","priceRange":"££","menu":"https://copperpot.example/menu",
        "openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday"],
        "opens":"11:30","closes":"22:00"}]}"#,
    ),
    (
        "math-solver",
        r#"{"@context":"https://schema.org","@type":["MathSolver","LearningResource"],"name":"Equation helper",
        "url":"https://math.example/solver","usageInfo":"https://math.example/privacy","inLanguage":"en",
        "potentialAction":[{"@type":"SolveMathAction","target":{"@type":"EntryPoint",
        "urlTemplate":"https://math.example/solve?q={math_expression_string}"},
        "mathExpression-input":"required name=math_expression_string"}],"learningResourceType":"Math solver"}"#,
    ),
    (
        "movie-carousel",
        r#"{"@context":"https://schema.org","@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,
        "item":{"@type":"Movie","url":"https://films.example/harbour-lights","name":"Harbour Lights",
        "image":"https://films.example/harbour-lights.jpg","dateCreated":"2023-11-03",
        "director":{"@type":"Person","name":"Ola Brandt"}}}]}"#,
    ),
    (
        "organization",
        r#"{"@context":"https://schema.org","@type":"Organization","name":"Lumen Glassworks",
        "legalName":"Lumen Glassworks Ltd","alternateName":"Lumen","url":"https://lumen.example",
        "logo":"https://lumen.example/logo.png","description":"Hand-blown glass since 1962.",
        "email":"hello@lumen.example","telephone":"+31 20 555 0101","foundingDate":"1962-04-01",
        "sameAs":["https://social.example/lumen"],"address":{"@type":"PostalAddress","streetAddress":"3 Kiln Street",
        "addressLocality":"Leerdam","postalCode":"4141 AA","addressCountry":"NL"}}"#,
    ),
    (
        "product-snippet",
        r#"{"@context":"https://schema.org","@type":"Product","name":"Trailblazer 40L backpack",
        "review":{"@type":"Review","reviewRating":{"@type":"Rating","ratingValue":4,"bestRating":5},
        "author":{"@type":"Person","name":"Kim Ode"}},
        "aggregateRating":{"@type":"AggregateRating","ratingValue":4.4,"reviewCount":89},
        "positiveNotes":{"@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"name":"Roomy"}]},
        "negativeNotes":{"@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"name":"Heavy"}]},
        "offers":[{"@type":"Offer","price":"89.00","priceCurrency":"EUR","availability":"https://schema.org/InStock",
        "priceValidUntil":"2025-12-31"},
        {"@type":"AggregateOffer","lowPrice":79,"highPrice":99,"priceCurrency":"EUR","availability":"https://schema.org/InStock","priceValidUntil":"2025-12-31"},
        {"@type":"Offer","priceSpecification":{"@type":"UnitPriceSpecification","price":85,"priceCurrency":"EUR"},
        "availability":"https://schema.org/InStock","priceValidUntil":"2025-12-31"}]}"#,
    ),
    (
        "merchant-listing",
        r#"{"@context":"https://schema.org","@type":"Product","name":"Linen apron","image":["https://shop.example/apron.jpg"],
        "description":"Heavy linen apron with two pockets.","sku":"AP-01","mpn":"9921","gtin13":"4006381333931",
        "brand":{"@type":"Brand","name":"Weft"},"color":"Olive","material":"Linen","size":"M",
        "offers":[{"@type":"Offer","url":"https://shop.example/apron","priceCurrency":"EUR","price":34.5,
        "priceValidUntil":"2025-12-31","itemCondition":"https://schema.org/NewCondition","availability":"https://schema.org/InStock"},
        {"@type":"Offer","priceSpecification":{"@type":"UnitPriceSpecification","price":30,"priceCurrency":"EUR"}}]}"#,
    ),
    (
        "profile-page",
        r#"{"@context":"https://schema.org","@type":"ProfilePage","dateCreated":"2019-02-11T10:00:00-05:00",
        "dateModified":"2025-01-20T12:00:00-05:00","mainEntity":{"@type":"Person","name":"Ravi Anand",
        "alternateName":"ravi_a","identifier":"1337","description":"Builds ships in bottles.",
        "image":"https://forum.example/u/ravi.jpg","sameAs":["https://ravi.example"],
        "interactionStatistic":{"@type":"InteractionCounter","interactionType":"https://schema.org/FollowAction","userInteractionCount":12}}}"#,
    ),
    (
        "qa",
        r#"{"@context":"https://schema.org","@type":"QAPage","mainEntity":{"@type":"Question",
        "name":"How long to boil an egg?","text":"For a runny yolk, how many minutes?","answerCount":2,"upvoteCount":9,
        "dateCreated":"2025-02-01T08:00Z","author":{"@type":"Person","name":"Eggbert"},
        "acceptedAnswer":{"@type":"Answer","text":"Six minutes from boiling.","upvoteCount":31,
        "url":"https://qa.example/q/1#a1","dateCreated":"2025-02-01T08:20Z","author":{"@type":"Person","name":"Hen"}},
        "suggestedAnswer":[{"@type":"Answer","text":"Five and a half.","upvoteCount":4,"url":"https://qa.example/q/1#a2",
        "author":{"@type":"Person","name":"Yolanda"}}]}}"#,
    ),
    (
        "recipe",
        r#"{"@context":"https://schema.org","@type":"Recipe","name":"Buttermilk scones",
        "image":["https://bake.example/scones.jpg"],"author":{"@type":"Person","name":"Dot Fairlie"},
        "datePublished":"2024-10-05","description":"Light scones for tea.","prepTime":"PT15M","cookTime":"PT12M",
        "totalTime":"PT27M","keywords":"scones, baking","recipeYield":"8","recipeCategory":"Snack","recipeCuisine":"British",
        "nutrition":{"@type":"NutritionInformation","calories":"210 calories"},
        "recipeIngredient":["250 g flour","60 g butter","150 ml buttermilk"],
        "recipeInstructions":[{"@type":"HowToStep","text":"Rub the butter into the flour."},
        {"@type":"HowToStep","text":"Stir in the buttermilk, cut and bake."}],
        "aggregateRating":{"@type":"AggregateRating","ratingValue":4.8,"ratingCount":40},
        "video":{"@type":"VideoObject","name":"Shaping scones","description":"Cutting and glazing.",
        "thumbnailUrl":["https://bake.example/v.jpg"],"contentUrl":"https://bake.example/v.mp4",
        "uploadDate":"2024-10-05T08:00:00+00:00","duration":"PT1M30S"}}"#,
    ),
    (
        "review-snippet",
        r#"{"@context":"https://schema.org","@type":"Review","itemReviewed":{"@type":"Book","name":"The Salt Road"},
        "author":{"@type":"Person","name":"Petra Lind"},"datePublished":"2025-01-12",
        "reviewRating":{"@type":"Rating","ratingValue":4,"bestRating":5,"worstRating":1},"reviewBody":"Gripping."}"#,
    ),
    (
        "aggregate-rating",
        r#"{"@context":"https://schema.org","@type":"AggregateRating","itemReviewed":{"@type":"Book","name":"The Salt Road"},
        "ratingValue":4.2,"bestRating":5,"worstRating":1,"ratingCount":57,"reviewCount":12}"#,
    ),
    (
        "software-app",
        r#"{"@context":"https://schema.org","@type":"SoftwareApplication","name":"Tidy Tasks","operatingSystem":"Android",
        "applicationCategory":"BusinessApplication",
        "aggregateRating":{"@type":"AggregateRating","ratingValue":4.6,"ratingCount":8864},
        "offers":{"@type":"Offer","price":0,"priceCurrency":"USD"}}"#,
    ),
    (
        "vacation-rental",
        r#"{"@context":"https://schema.org","@type":"VacationRental","name":"Dune cottage","identifier":"dc-17",
        "image":["https://stay.example/1.jpg","https://stay.example/2.jpg"],"latitude":53.05,"longitude":4.79,
        "geo":{"@type":"GeoCoordinates","latitude":53.05,"longitude":4.79},
        "containsPlace":{"@type":"Accommodation","additionalType":"EntirePlace",
        "bed":[{"@type":"BedDetails","numberOfBeds":1,"typeOfBed":"Queen"}],
        "occupancy":{"@type":"QuantitativeValue","value":4},
        "amenityFeature":[{"@type":"LocationFeatureSpecification","name":"wifiAvailable","value":true}],
        "floorSize":{"@type":"QuantitativeValue","value":70,"unitCode":"MTK"},
        "numberOfBathroomsTotal":1,"numberOfBedrooms":2,"numberOfRooms":4},
        "address":{"@type":"PostalAddress","streetAddress":"Duinweg 4","addressLocality":"Texel","addressCountry":"NL"},
        "checkinTime":"15:00:00","checkoutTime":"10:00:00","description":"Thatched cottage behind the dunes.",
        "knowsLanguage":["en","de"],"brand":{"@type":"Brand","name":"Coast Stays"}}"#,
    ),
    (
        "video",
        r#"{"@context":"https://schema.org","@type":"VideoObject","name":"Sharpening a chisel",
        "description":"Three stones, ten minutes.","thumbnailUrl":["https://vid.example/chisel.jpg"],
        "uploadDate":"2025-03-31T08:00:00+08:00","duration":"PT10M12S","contentUrl":"https://vid.example/chisel.mp4",
        "embedUrl":"https://vid.example/embed/chisel","expires":"2030-01-01T00:00:00Z",
        "interactionStatistic":{"@type":"InteractionCounter","interactionType":{"@type":"WatchAction"},"userInteractionCount":5647018},
        "regionsAllowed":["US","NL"]}"#,
    ),
];

#[test]
fn every_feature_has_an_example() {
    for feature in features() {
        assert!(EXAMPLES.iter().any(|(id, _)| *id == feature.id), "no example for {}", feature.id);
    }
}

#[test]
fn each_example_is_eligible_without_errors_of_its_feature() {
    for &(id, json) in EXAMPLES {
        let dataset = jsonld(json);
        let report = check(Vocabulary::bundled(), &Page::new(&dataset));
        let found = report_of(&report, id).unwrap_or_else(|| panic!("{id}: no report"));
        assert!(found.eligible, "{id}: {found:?}");
        let errors: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.feature == Some(id) && d.severity == harvest_check::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{id}: {errors:#?}");
    }
}

#[test]
fn each_required_rule_missing_makes_the_item_ineligible() {
    for feature in features() {
        let (_, json) = EXAMPLES.iter().find(|(id, _)| *id == feature.id).unwrap();
        let dataset = jsonld(json);
        for requirement in feature.requirements.iter().filter(|r| r.level != harvest_check::Level::Recommended) {
            let last: Vec<&str> = requirement.alternatives.iter().map(|a| &*a[0]).collect();
            let worse = without(&dataset, &last);
            let report = check(Vocabulary::bundled(), &Page::new(&worse));
            let found = report_of(&report, feature.id).unwrap_or_else(|| panic!("{}: no report", feature.id));
            assert!(!found.eligible, "{}: without {}", feature.id, requirement.text);
            assert!(found.missing_required.contains(&requirement.text), "{}: {:?}", requirement.text, found);
            assert!(report.diagnostics.iter().any(|d| d.rule == "google-required"
                && d.feature == Some(feature.id)
                && d.property.as_deref() == Some(&requirement.text)
                && d.statement.is_some()));
        }
    }
}

#[test]
fn each_recommended_rule_present_then_missing_is_a_warning() {
    for feature in features() {
        let mut exercised = 0;
        let (_, json) = EXAMPLES.iter().find(|(id, _)| *id == feature.id).unwrap();
        let dataset = jsonld(json);
        let report = check(Vocabulary::bundled(), &Page::new(&dataset));
        let before = report_of(&report, feature.id).unwrap().clone();
        for requirement in feature.requirements.iter().filter(|r| r.level == harvest_check::Level::Recommended) {
            if before.missing_recommended.contains(&requirement.text) {
                continue;
            }
            exercised += 1;
            let first: Vec<&str> = requirement.alternatives.iter().map(|a| &*a[0]).collect();
            let worse = without(&dataset, &first);
            let report = check(Vocabulary::bundled(), &Page::new(&worse));
            let found = report_of(&report, feature.id).unwrap();
            assert!(found.missing_recommended.contains(&requirement.text), "{}: {}", feature.id, requirement.text);
            assert!(report.diagnostics.iter().any(|d| d.rule == "google-recommended"
                && d.severity == harvest_check::Severity::Warning
                && d.property.as_deref() == Some(&requirement.text)));
        }
        let has_recommended = feature.requirements.iter().any(|r| r.level == harvest_check::Level::Recommended);
        assert!(exercised > 0 || !has_recommended, "{}: the example has no recommended property", feature.id);
    }
}

#[test]
fn each_value_rule_rejects_a_value_of_the_wrong_form() {
    for feature in features() {
        let (_, json) = EXAMPLES.iter().find(|(id, _)| *id == feature.id).unwrap();
        let dataset = jsonld(json);
        for rule in &feature.values {
            let property = rule.path.last().unwrap();
            let Some(worse) = worsen(&dataset, property, "not valid here") else {
                // Only URL rules may meet IRIs (the schema.org context makes them so): never a
                // literal to spoil. Every other rule's example has its value.
                assert_eq!(rule.kind, harvest_check::ValueKind::Url, "{}: no literal {property}", feature.id);
                continue;
            };
            let report = check(Vocabulary::bundled(), &Page::new(&worse));
            assert!(
                report.diagnostics.iter().any(|d| d.rule == "google-value"
                    && d.feature == Some(feature.id)
                    && d.property.as_deref() == Some(&**property)
                    && d.statement.is_some()),
                "{}: {property}",
                feature.id
            );
        }
    }
}

#[test]
fn the_documentation_lists_every_feature_and_rule() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/check.md")).unwrap();
    for feature in features() {
        assert!(docs.contains(&format!("(`{}`)", feature.id)), "docs/check.md: feature {}", feature.id);
        assert!(docs.contains(feature.url), "docs/check.md: {}", feature.url);
    }
    for rule in harvest_check::RULES {
        assert!(
            docs.contains(&format!("| `{}` | {} |", rule.id, rule.severity.as_str())),
            "docs/check.md: {}",
            rule.id
        );
    }
}
