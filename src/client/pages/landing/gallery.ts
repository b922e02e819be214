/**
 * docs/product.md#screens: nine gallery images. Each `name` is a file in public/images/gallery/ (a drawing, or a
 * photo of the same name that replaces it; see public/images/README.md).
 */
export type GalleryImage = { name: string; caption: string; alt: string };

export const GALLERY: readonly GalleryImage[] = [
  {
    name: 'thali',
    caption: 'Festive thali',
    alt: 'A brass thali with dal, paneer, raita, kheer, jeera rice, rotis and papad on an aubergine cloth',
  },
  {
    name: 'biryani-handi',
    caption: 'Dum biryani',
    alt: 'A copper handi of saffron biryani with fried onions, mint and boiled eggs, its dough seal just broken',
  },
  {
    name: 'dosa',
    caption: 'Live dosa counter',
    alt: 'A crisp masala dosa on a banana leaf with sambar and coconut and tomato chutneys',
  },
  {
    name: 'chaat',
    caption: 'Chaat counter',
    alt: 'Pani puri with spiced water, and papdi chaat topped with yoghurt, chutneys and sev',
  },
  {
    name: 'mithai',
    caption: 'Mithai platter',
    alt: 'A platter of motichoor laddoos, kaju katli, jalebi and silver-leaf barfi',
  },
  {
    name: 'grazing-board',
    caption: 'Grazing table',
    alt: 'A long wooden grazing board of fruit, cheese, crackers, samosas, chutneys and marigolds',
  },
  {
    name: 'table-setting',
    caption: 'Reception table setting',
    alt: 'A reception place setting with a gold charger, folded napkin, cutlery, glassware and a marigold centrepiece',
  },
  {
    name: 'marigold-decor',
    caption: 'Marigold décor',
    alt: 'Strings of marigold garlands above a brass urli of floating flowers ringed with lit diyas',
  },
  {
    name: 'mandap',
    caption: 'Wedding mandap',
    alt: 'A wedding mandap with four pillars, draped silk, marigold strings and a sacred fire at its centre',
  },
];
