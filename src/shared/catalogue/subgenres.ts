/**
 * The Subgenre group: a fixed list of real Spotify genre strings, lower case exactly as Spotify
 * writes them. A track is in subgenre X when one of its artists has genre X (exact string).
 * Grouped by family below for reading; the exported list is de-duplicated and alphabetical
 * (numeric-aware, see compareNames). Every genre keyword and nationality marker family is covered.
 */
import { compareNames } from "./ordering.ts";

const families = `
acoustic blues, acoustic cover, acoustic pop, acoustic rock, acoustic guitar cover, acoustic opm
alternative country, alternative dance, alternative hip hop, alternative metal, alternative pop
alternative pop rock, alternative r&b, alternative rock, alternative emo, alt z, alt-idol, grunge, post-grunge
blues, blues rock, chicago blues, delta blues, electric blues, modern blues, soul blues, texas blues, punk blues
classical, baroque, classical era, early music, early romantic era, late romantic era, post-romantic era
contemporary classical, neoclassical, opera, operetta, orchestra, string quartet, choral, cathedral choir, impressionism
classical piano, compositional ambient, minimalism, chamber pop, chamber folk
country, contemporary country, country pop, country rock, modern country rock, outlaw country, bluegrass
red dirt, texas country, honky tonk, classic country pop, country road, nashville sound, alt-country
dance pop, dance rock, eurodance, hi-nrg, alternative dance, pop dance, german dance, bubblegum dance
disco, nu disco, italo disco, post-disco, disco house
drum and bass, liquid funk, neurofunk, jungle, jump up, dnb, uk dnb, drumfunk, dancefloor dnb
dubstep, brostep, melodic dubstep, deathstep, riddim dubstep, future garage
edm, pop edm, big room, future bass, electro house, progressive house, progressive electro house, hardstyle
complextro, melbourne bounce, dutch edm, german edm, swedish electropop
electronica, electropop, electro, electroclash, synthpop, synthwave, darksynth, idm, ambient, downtempo
trip hop, chillwave, glitch, trance, uplifting trance, progressive trance, breakbeat, big beat, indietronica
vaporwave, uk garage, chillhop, lo-fi beats, electronic rock, electro swing, ambient pop, intelligent dance music
emo, emo rap, midwest emo, emocore, screamo, pop emo, emo punk
folk, indie folk, folk-pop, folk rock, stomp and holler, americana, contemporary folk, anti-folk, freak folk
folktronica, new americana, traditional folk, celtic, neo-psychedelic
funk, p funk, g funk, funk rock, jazz funk, funk carioca, funk mtg, boogie, funky breaks
gospel, gospel r&b, southern gospel, worship, ccm, christian music, christian hip hop, christian alternative rock
christian indie, christian pop, christian rock
hip hop, hip pop, east coast hip hop, southern hip hop, atl hip hop, conscious hip hop, old school hip hop
alternative hip hop, boom bap, golden age hip hop, hardcore hip hop, west coast rap, gangster rap, dirty south rap
underground hip hop, abstract hip hop, jazz rap, experimental hip hop, detroit hip hop, chicago rap, miami hip hop
houston rap, memphis hip hop, philly rap, queens hip hop, brooklyn drill, new york drill, chicago drill
house, deep house, tech house, tropical house, progressive house, acid house, afro house, chicago house
funky house, electro house, french house, uk house, slap house, stutter house, vocal house, disco house
indie rock, indie pop, indie r&b, indie soul, indie hip hop, indie punk, indie anthem-folk, indie electropop
indie poptimism, indie garage rock, indie psych-rock, indie surf, modern indie pop, bedroom pop
j-pop, j-rock, j-rap, j-idol, j-indie, j-metal, japanese singer-songwriter, anime, anime rock, city pop
shibuya-kei, visual kei, enka, kayokyoku, japanese indie, japanese r&b, japanese soundtrack, anime score
jazz, bebop, hard bop, cool jazz, contemporary jazz, jazz fusion, smooth jazz, vocal jazz, soul jazz, swing
big band, nu jazz, jazz piano, jazz saxophone, jazz trumpet, latin jazz, acid jazz, free jazz, bossa nova
k-pop, k-pop boy group, k-pop girl group, k-indie, k-rap, k-rock, k-r&b, korean ost
latin pop, latin hip hop, latin rock, latin alternative, latin arena pop, latin viral pop, urbano latino
trap latino, salsa, bachata, merengue, cumbia, bolero, tango, vallenato, dembow, tropical, mambo
metal, heavy metal, nu metal, thrash metal, death metal, black metal, doom metal, power metal, speed metal
metalcore, deathcore, djent, grindcore, progressive metal, symphonic metal, glam metal, alternative metal
industrial metal, melodic death metal, post-metal, sludge metal, stoner metal, rap metal, nwobhm
pop, dance pop, pop rock, art pop, dream pop, electropop, synthpop, europop, britpop, teen pop, post-teen pop
pop rap, pop punk, pop soul, baroque pop, indie pop rap, viral pop, sophisti-pop, power pop, sunshine pop
hyperpop, escape room, candy pop, bubblegum pop, social media pop, girl group, boy band
punk, pop punk, post-punk, punk rock, skate punk, hardcore punk, oi, ska punk, folk punk, garage punk
crust punk, anarcho-punk, dance-punk, post-hardcore, melodic hardcore, easycore, proto-punk, riot grrrl
rap, melodic rap, trap, emo rap, rap rock, rap metal, drill, grime, cloud rap, comedy rap, rage rap, plugg
reggae, roots reggae, dancehall, dub, rocksteady, lovers rock, reggae fusion, modern reggae, ska, ska revival
reggaeton, reggaeton flow, reggaeton colombiano, perreo, neoperreo, reggaeton chileno, trap boricua
r&b, rhythm and blues, contemporary r&b, alternative r&b, neo soul, new jack swing, urban contemporary, chill r&b, rnb
rock, classic rock, album rock, hard rock, soft rock, modern rock, art rock, psychedelic rock, garage rock
blues rock, folk rock, glam rock, heartland rock, mellow gold, yacht rock, rock-and-roll, rockabilly
post-rock, math rock, noise rock, stoner rock, progressive rock, space rock, surf rock, southern rock
permanent wave, shoegaze, new wave, krautrock, dance rock, modern alternative rock, modern blues rock
singer-songwriter, cantautor, singer-songwriter pop, folk singer-songwriter, indie singer-songwriter
soul, classic soul, neo soul, northern soul, motown, southern soul, memphis soul, retro soul, chicago soul
quiet storm, philly soul, deep soul, trap soul, soul flow
soundtrack, video game music, orchestral soundtrack, show tunes, broadway, movie tunes, hollywood
scorecore, british soundtrack, german soundtrack, vgm instrumental, epicore
techno, minimal techno, acid techno, hard techno, detroit techno, dub techno, industrial techno, melodic techno
schranz, german techno, dark techno
trap, trap queen, dark trap, trap soul, uk trap, trap latino, melodic trap, tennessee hip hop
argentine rock, argentine hip hop, argentine indie, rock nacional, trap argentino, cuarteto, rkt
cumbia villera, tango, folklore argentino
australian indie, australian pop, australian hip hop, australian rock, australian dance, australian electropop
australian alternative rock, aussietronica, melbourne indie, sydney indie, perth indie, brisbane indie, adelaide indie, aussie drill
belgian pop, belgian rock, belgian indie, belgian hip hop, belgian edm, flemish folk
brazilian pop, brazilian rock, brazilian hip hop, brazilian indie, brazilian funk, mpb, sertanejo
sertanejo universitario, samba, pagode, forro, axe, piseiro, brega funk, arrocha, trap brasileiro
british indie rock, british soul, british singer-songwriter, british invasion, british blues, british folk
uk pop, uk hip hop, uk drill, uk alternative pop, uk dance, uk funky, uk contemporary r&b, classic uk pop
new wave of british heavy metal, madchester, manchester indie, bristol indie, london rap, welsh rock
canadian pop, canadian hip hop, canadian indie, canadian rock, canadian contemporary r&b, canadian country
canadian singer-songwriter, canadian electronic, toronto rap, montreal indie, vancouver indie, rap quebecois
chinese hip hop, chinese indie, chinese r&b, c-pop, mandopop, cantopop, hong kong indie
colombian pop, colombian hip hop, colombian rock, cumbia colombiana, vallenato moderno
danish pop, danish rock, danish hip hop, danish indie, danish electronic, danish metal, danish singer-songwriter
danish pop rock, classic danish pop, dansk pop, dansk rock, dansk hip hop, dansk indie, dansktop
dutch pop, dutch hip hop, dutch indie, dutch rock, dutch house, nederpop, levenslied, dutch trance
finnish pop, finnish rock, finnish hip hop, finnish metal, finnish indie, suomi rock, iskelma
french pop, french hip hop, french indie pop, french rock, french jazz, french synthpop, chanson
variete francaise, rap francais, pop urbaine, nouvelle chanson francaise
german pop, german hip hop, german rock, german indie, german metal, german singer-songwriter, deutschrap
neue deutsche welle, schlager, german trap
greek pop, greek hip hop, greek indie, greek trap, laiko, rebetiko, entechno
icelandic indie, icelandic pop, icelandic rock, icelandic folk, icelandic experimental
indian indie, indian pop, indian rock, indian classical, bollywood, filmi, desi hip hop, punjabi pop
tamil pop, telugu pop, hindi indie, bhangra, desi pop
irish pop, irish rock, irish indie, irish folk, irish singer-songwriter, irish hip hop, celtic rock
italian pop, italian hip hop, italian indie pop, italian rock, italian singer-songwriter, cantautori
italian adult pop, italian trap, italo dance
jamaican dancehall, jamaican ska
japanese punk, japanese metal
kiwi rock, kiwi hip hop, kiwi indie, kiwi pop, nz pop, nz hip hop, dunedin sound, dunedin indie
korean r&b, korean indie rock
mexican pop, mexican hip hop, mexican rock, mexican indie, musica mexicana, regional mexican, corrido
corridos tumbados, sierreno, banda, norteno, mariachi, ranchera, trap mexicano
nigerian pop, nigerian hip hop, afrobeats, afropop, alte, naija worship
norwegian pop, norwegian rock, norwegian hip hop, norwegian indie, norwegian metal, norsk indie, norsk lovsang
polish pop, polish hip hop, polish rock, polish indie, polish trap, disco polo, polski hip hop
portuguese pop, portuguese rock, portuguese hip hop, portuguese indie, fado, pimba
russian pop, russian hip hop, russian rock, russian indie, russian trap, russian post-punk
scottish indie, scottish rock, scottish singer-songwriter, scottish folk, scottish hip hop
spanish pop, spanish hip hop, spanish rock, spanish indie pop, flamenco, rumba catalana, spanish trap
swedish pop, swedish hip hop, swedish indie pop, swedish rock, swedish metal, swedish singer-songwriter
swedish electronic, svensk indie, dansband
taiwan pop, taiwan indie, taiwan hip hop, taiwan rock, taiwan singer-songwriter, taiwan campus folk, taiwanese indigenous
turkish pop, turkish hip hop, turkish rock, turkish trap, arabesk, turk sanat muzigi
ukrainian pop, ukrainian hip hop, ukrainian rock, ukrainian indie, ukrainian electronic
lo-fi, lo-fi indie, bedroom soul, slowcore, sadcore, ambient folk, new age, meditation, sleep, piano cover
`;

export const subgenres: readonly string[] = [
  ...new Set(
    families
      .split(/[,\n]/)
      .map((name) => name.trim())
      .filter((name) => name.length > 0),
  ),
].sort(compareNames);
